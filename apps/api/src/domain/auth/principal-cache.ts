import type { Principal } from './token-repository';

interface Entry {
  principal: Principal;
  tokenExpiresAt: number;
  freshUntil: number;
}

/**
 * Token lookups sit on every request's path, and the embedded database is the bottleneck (one query
 * there costs more than the rest of a request). Entries live `ttlMs` at most and never past the token's
 * own expiry. A revocation forgets its entries at once, in this process and (told by the auth plugin)
 * in every other process on the same PostgreSQL server.
 */
export class PrincipalCache {
  private entries = new Map<string, Entry>();
  /**
   * Counts forgettings. A lookup that started before one may have read the row before the revocation
   * committed: `set` refuses what such a lookup found (see `generation`).
   */
  private forgotten = 0;

  /** Taken before reading the database; handed to `set` with what the read found. */
  get generation(): number {
    return this.forgotten;
  }

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, now = Date.now()): Principal | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (now >= entry.freshUntil || now >= entry.tokenExpiresAt) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.principal;
  }

  set(
    tokenHash: string,
    principal: Principal,
    tokenExpiresAt: Date,
    now = Date.now(),
    generation = this.forgotten,
  ): void {
    if (this.ttlMs <= 0 || generation !== this.forgotten) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(tokenHash, {
      principal,
      tokenExpiresAt: tokenExpiresAt.getTime(),
      freshUntil: now + this.ttlMs,
    });
  }

  forgetToken(tokenHash: string): void {
    this.forgotten++;
    this.entries.delete(tokenHash);
  }

  /** Everything, when revocations may have been missed (the connection that hears them was lost). */
  forgetAll(): void {
    this.forgotten++;
    this.entries.clear();
  }

  /** After a change to a person (removed, made staff...), their cached sessions must be read again. */
  forgetPerson(personId: string): void {
    this.forgotten++;
    for (const [hash, entry] of this.entries)
      if (entry.principal.personId === personId) this.entries.delete(hash);
  }
}
