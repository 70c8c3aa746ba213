import type { CatalogueMarket } from '@enq/contract';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useSaveMarket } from '../api/save-market';
import { TextField } from './catalogue-fields';

/** A market's name, New flag and place on the Lines page (CAT-05). */
export function MarketDialog({ market, onClose }: { market: CatalogueMarket; onClose: () => void }) {
  const [name, setName] = useState(market.name);
  const [isNew, setIsNew] = useState(market.is_new);
  const [sort, setSort] = useState(String(market.sort));
  const save = useSaveMarket();
  return (
    <ReasonDialog
      title={`Edit the market ${market.name}`}
      submitLabel="Save"
      fieldNames={['name', 'sort']}
      onClose={onClose}
      onSubmit={(reason, key) =>
        save.mutateAsync({
          marketId: market.id,
          key,
          body: { reason, name, is_new: isNew, sort: Number(sort) },
        })
      }
    >
      {(errors) => (
        <>
          <TextField id="market-name" label="Name" value={name} onChange={setName} error={errors.name} />
          <TextField
            id="market-sort"
            label="Order on the Lines page"
            input={{ inputMode: 'numeric' }}
            value={sort}
            onChange={setSort}
            error={errors.sort}
          />
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              checked={isNew}
              onChange={(e) => setIsNew(e.target.checked)}
              className="focus-ring size-4 rounded border-slate-300 text-brand-600"
            />
            Show the New flag
          </label>
        </>
      )}
    </ReasonDialog>
  );
}
