import { ACCOUNT_NOTE_MAX, ACCOUNTS_TEXT, formatDate, type AccountNote } from '@enq/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { newActionKey } from '../../../lib/admin-api';
import { ApiError } from '../../../lib/api-client';
import { useAddNote } from '../api/add-note';
import { Section } from './section';

/**
 * Internal notes, newest first (CONS-03), and a box to add one for roles that may. The note is its own
 * reason; one Idempotency-Key per note typed, so a retry after a lost answer adds it once.
 */
export function NotesSection({
  accountId,
  notes,
  canAdd,
}: {
  accountId: string;
  notes: AccountNote[];
  canAdd: boolean;
}) {
  const add = useAddNote(accountId);
  const [body, setBody] = useState('');
  const [key, setKey] = useState(newActionKey);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError(ACCOUNTS_TEXT.noteRequired);
    setError(null);
    try {
      await add.mutateAsync({ body: body.trim(), key });
      setBody('');
      setKey(newActionKey());
    } catch (e) {
      setError(
        e instanceof ApiError ? e.message.replace(/^body: /, '') : 'The note was not saved. Try again.',
      );
    }
  };

  return (
    <Section title="Internal notes">
      {canAdd ? (
        <form noValidate onSubmit={(e) => void submit(e)} className="mb-5 space-y-3">
          <Field id="note-body" label="Note" required error={error}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={ACCOUNT_NOTE_MAX}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                className="focus-ring block w-full rounded-lg border-0 px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset aria-invalid:ring-2 aria-invalid:ring-red-500"
              />
            )}
          </Field>
          <div className="flex items-center justify-between gap-3">
            <p className="text-xs text-slate-500">Only enQ staff see notes; the customer never does.</p>
            <Button type="submit" disabled={add.isPending} aria-busy={add.isPending}>
              Add note
            </Button>
          </div>
        </form>
      ) : null}
      {notes.length === 0 ? (
        <p className="text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ol aria-label="Notes" className="space-y-3">
          {notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-amber-50/60 p-3 ring-1 ring-amber-100">
              <p className="text-sm whitespace-pre-line text-slate-900">{n.body}</p>
              <p className="mt-1 text-xs text-slate-500">
                {n.staff_name} · <time dateTime={n.at}>{formatDate(n.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
