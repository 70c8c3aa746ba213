import {
  NOTICE_AUDIENCE_LABELS,
  NOTICE_AUDIENCES,
  NOTICE_LIMITS,
  type AccountSearchResult,
  type NoticeAudience,
  type PublishNoticeInput,
} from '@enq/contract';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Field, Input, controlClass } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { newActionKey } from '../../../lib/admin-api';
import { newYorkInputToIso } from '../../../lib/console-time';
import { usePublishNotice } from '../api/publish-notice';
import { AccountPicker } from './account-picker';

interface Draft {
  title: string;
  text: string;
  link: string;
  link_text: string;
  priority: string;
  dismissible: boolean;
  audience: NoticeAudience;
  plan_id: string;
  account: AccountSearchResult | null;
  schedule: boolean;
  publish_at: string;
  reason: string;
}

const EMPTY: Draft = {
  title: '',
  text: '',
  link: '',
  link_text: '',
  priority: '10',
  dismissible: true,
  audience: 'all',
  plan_id: '',
  account: null,
  schedule: false,
  publish_at: '',
  reason: '',
};

function toInput(d: Draft): PublishNoticeInput {
  return {
    title: d.title,
    text: d.text,
    link: d.link,
    link_text: d.link_text,
    priority: Number(d.priority),
    dismissible: d.dismissible,
    audience: d.audience,
    plan_id: d.audience === 'plan' ? d.plan_id : '',
    account_id: d.audience === 'account' ? (d.account?.account_id ?? '') : '',
    ...(d.schedule && d.publish_at ? { publish_at: newYorkInputToIso(d.publish_at) } : {}),
    reason: d.reason,
  };
}

/** The "New notice" form (NOTICE-01..03): every field labelled; the server's refusal shows at its field. */
export function NoticeForm({ plans, onDone }: { plans: { id: string; name: string }[]; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [key] = useState(newActionKey);
  const [error, setError] = useState<{ field: string | undefined; message: string } | null>(null);
  const publish = usePublishNotice();
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const errorAt = (field: string) => (error?.field === field ? error.message : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    publish.mutate(
      { input: toInput(draft), key },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
        onError: (e) =>
          setError(
            e instanceof ApiError
              ? { field: e.field, message: e.field ? e.message.replace(`${e.field}: `, '') : e.message }
              : { field: undefined, message: 'The notice could not be published. Try again.' },
          ),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200"
      noValidate
    >
      <h2 className="text-lg font-semibold text-slate-900">New notice</h2>
      <Field id="notice-title" label="Title" required error={errorAt('title')}>
        {(c) => (
          <Input
            {...c}
            maxLength={NOTICE_LIMITS.title}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
          />
        )}
      </Field>
      <Field id="notice-text" label="Text" required error={errorAt('text')}>
        {(c) => (
          <textarea
            {...c}
            rows={3}
            maxLength={NOTICE_LIMITS.text}
            className={controlClass()}
            value={draft.text}
            onChange={(e) => set('text', e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="notice-link" label="Link (https:// or /path)" error={errorAt('link')}>
          {(c) => (
            <Input
              {...c}
              value={draft.link}
              onChange={(e) => set('link', e.target.value)}
              placeholder="/lines"
            />
          )}
        </Field>
        <Field id="notice-link-text" label="Link text" error={errorAt('link_text')}>
          {(c) => <Input {...c} value={draft.link_text} onChange={(e) => set('link_text', e.target.value)} />}
        </Field>
        <Field id="notice-priority" label="Priority (0–100, highest first)" error={errorAt('priority')}>
          {(c) => (
            <Input
              {...c}
              type="number"
              min={0}
              max={NOTICE_LIMITS.priority}
              value={draft.priority}
              onChange={(e) => set('priority', e.target.value)}
            />
          )}
        </Field>
        <div className="flex items-end pb-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300"
              checked={draft.dismissible}
              onChange={(e) => set('dismissible', e.target.checked)}
            />
            Customers can dismiss it
          </label>
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Audience</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {NOTICE_AUDIENCES.map((a) => (
            <label key={a} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="notice-audience"
                value={a}
                checked={draft.audience === a}
                onChange={() => set('audience', a)}
              />
              {NOTICE_AUDIENCE_LABELS[a]}
            </label>
          ))}
        </div>
      </fieldset>
      {draft.audience === 'plan' ? (
        <Field id="notice-plan" label="Plan" required error={errorAt('plan_id')}>
          {(c) => (
            <Select {...c} value={draft.plan_id} onChange={(e) => set('plan_id', e.target.value)}>
              <option value="">Choose a plan</option>
              {plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      {draft.audience === 'account' ? (
        <AccountPicker
          value={draft.account}
          onChange={(account) => set('account', account)}
          error={errorAt('account_id')}
        />
      ) : null}
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">When</legend>
        <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="notice-when"
              checked={!draft.schedule}
              onChange={() => set('schedule', false)}
            />
            Publish now
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="notice-when"
              checked={draft.schedule}
              onChange={() => set('schedule', true)}
            />
            Schedule
          </label>
        </div>
      </fieldset>
      {draft.schedule ? (
        <Field id="notice-publish-at" label="Publish at (New York time)" error={errorAt('publish_at')}>
          {(c) => (
            <Input
              {...c}
              type="datetime-local"
              value={draft.publish_at}
              onChange={(e) => set('publish_at', e.target.value)}
            />
          )}
        </Field>
      ) : null}
      <Field id="notice-reason" label="Reason" required error={errorAt('reason')}>
        {(c) => <Input {...c} value={draft.reason} onChange={(e) => set('reason', e.target.value)} />}
      </Field>
      {error && !error.field ? (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={publish.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={publish.isPending}>
          {draft.schedule ? 'Schedule notice' : 'Publish notice'}
        </Button>
      </div>
    </form>
  );
}
