import type { Transactional } from '../../db/handle';
import { accountChangedSince } from './account-changes-repository';

interface Entry {
  value: { snapshot: string };
  /** The time it was read for: it holds for that time and any later one. */
  readAt: number;
}

/**
 * What one process read for its most visited answers (the overview, the billing page), per answer and
 * person, each with the snapshot its first statement read in. A copy is only a candidate: `read`
 * answers from it only once the database says nothing of the account changed since that snapshot.
 * What depends on the time of asking is worked out from the copy at each answer, never kept.
 */
export class KeptAnswers {
  private entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 10_000) {}

  /** The kept copy if it still holds at `now`, else what `load` reads now (then kept). */
  async read<T extends { snapshot: string }>(
    q: Transactional,
    key: { answer: string; accountId: string; personId?: string },
    now: Date,
    load: () => Promise<T | null>,
  ): Promise<T | null> {
    const id = `${key.answer}:${key.accountId}:${key.personId ?? ''}`;
    const kept = this.entries.get(id);
    if (
      kept &&
      kept.readAt <= now.getTime() &&
      !(await accountChangedSince(q, key.accountId, kept.value.snapshot))
    )
      return kept.value as T;
    const value = await load();
    if (value) this.keep(id, { value, readAt: now.getTime() });
    return value;
  }

  private keep(id: string, entry: Entry): void {
    this.entries.delete(id);
    // Maps iterate in insertion order: the first key is the copy written longest ago.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, entry);
  }
}
