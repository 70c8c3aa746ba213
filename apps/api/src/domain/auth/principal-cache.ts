import type { Principal } from './token-repository';

interface Entry {
  principal: Principal;
  tokenExpiresAt: number;
  freshUntil: number;
}

/**
 * Token lookups sit on every request's path, and the embedded database is the bottleneck (one query
 * there costs more than the rest of a request). Entries live `ttlMs` at most and never past the token's
 * own expiry; revocation through this process forgets the entry at once. Another process sharing a
 * PostgreSQL server sees a revocation made elsewhere within `ttlMs`.
 */
export class PrincipalCache {
  private entries = new Map<string, Entry>();

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

  set(tokenHash: string, principal: Principal, tokenExpiresAt: Date, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
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
    this.entries.delete(tokenHash);
  }

  /** After a change to a person (removed, made staff...), their cached sessions must be read again. */
  forgetPerson(personId: string): void {
    for (const [hash, entry] of this.entries)
      if (entry.principal.personId === personId) this.entries.delete(hash);
  }
}
