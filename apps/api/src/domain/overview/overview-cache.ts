import type { OverviewRow } from './overview-repository';

interface Entry {
  row: OverviewRow;
  /** The time the row was read for: it holds for that time and any later one. */
  readAt: number;
}

/**
 * Each process's copies of the overview's row, per person. A copy is only a candidate: the overview
 * asks the database whether it changed since the copy's snapshot before answering from it.
 */
export class OverviewCache {
  private entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 10_000) {}

  /** The copy for this person, if one was read at or before `now`. */
  get(accountId: string, personId: string, now: Date): OverviewRow | null {
    const entry = this.entries.get(`${accountId}:${personId}`);
    return entry && entry.readAt <= now.getTime() ? entry.row : null;
  }

  set(accountId: string, personId: string, row: OverviewRow, now: Date): void {
    const key = `${accountId}:${personId}`;
    this.entries.delete(key);
    // Maps iterate in insertion order: the first key is the copy written longest ago.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { row, readAt: now.getTime() });
  }
}
