import type { CatalogueMarket } from '@enq/contract';
import { useState } from 'react';
import { Field, Input } from '../../../components/ui/field';
import { useSaveMarket } from '../api/save-market';
import { CatalogueDialog, useActionForm } from './catalogue-dialog';

/** A market's name, New flag and place on the Lines page (CAT-05). */
export function MarketDialog({ market, onClose }: { market: CatalogueMarket; onClose: () => void }) {
  const [name, setName] = useState(market.name);
  const [isNew, setIsNew] = useState(market.is_new);
  const [sort, setSort] = useState(String(market.sort));
  const form = useActionForm();
  const save = useSaveMarket();
  const submit = async () => {
    const ok = await form.run((key) =>
      save.mutateAsync({
        marketId: market.id,
        key,
        body: { reason: form.reason, name, is_new: isNew, sort: Number(sort) },
      }),
    );
    if (ok) onClose();
  };
  return (
    <CatalogueDialog
      title={`Edit the market ${market.name}`}
      form={form}
      busy={save.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field id="market-name" label="Name" required error={form.errors.name}>
        {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field id="market-sort" label="Order on the Lines page" required error={form.errors.sort}>
        {(control) => (
          <Input {...control} inputMode="numeric" value={sort} onChange={(e) => setSort(e.target.value)} />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={isNew}
          onChange={(e) => setIsNew(e.target.checked)}
          className="focus-ring size-4 rounded border-slate-300 text-brand-600"
        />
        Show the New flag
      </label>
    </CatalogueDialog>
  );
}
