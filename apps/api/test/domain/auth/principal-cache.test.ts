import { describe, expect, it } from 'vitest';
import { PrincipalCache } from '../../../src/domain/auth/principal-cache';
import type { Principal } from '../../../src/domain/auth/token-repository';

const principal = (personId: string): Principal => ({
  personId,
  accountId: 'acc',
  email: `${personId}@example.com`,
  fullName: personId,
  isStaff: false,
  staffRole: null,
  isAdmin: true,
  secondFactor: false,
});

describe('token lookup cache', () => {
  const t0 = 1_000_000;
  const farFuture = new Date(t0 + 3_600_000);

  it('serves an entry until its time to live runs out', () => {
    const cache = new PrincipalCache(60_000);
    cache.set('h1', principal('p1'), farFuture, t0);
    expect(cache.get('h1', t0 + 59_999)?.personId).toBe('p1');
    expect(cache.get('h1', t0 + 60_000)).toBeNull();
  });

  it('never serves a token past its own expiry', () => {
    const cache = new PrincipalCache(60_000);
    cache.set('h1', principal('p1'), new Date(t0 + 10_000), t0);
    expect(cache.get('h1', t0 + 10_000)).toBeNull();
  });

  it('forgets a revoked token and every token of a changed person', () => {
    const cache = new PrincipalCache(60_000);
    cache.set('a', principal('p1'), farFuture, t0);
    cache.set('b', principal('p1'), farFuture, t0);
    cache.set('c', principal('p2'), farFuture, t0);
    cache.forgetToken('c');
    expect(cache.get('c', t0)).toBeNull();
    cache.forgetPerson('p1');
    expect(cache.get('a', t0)).toBeNull();
    expect(cache.get('b', t0)).toBeNull();
  });

  it('keeps nothing a lookup read before a revocation it overlapped, and forgets all on request', () => {
    const cache = new PrincipalCache(60_000);
    // The lookup reads the row; a revocation lands before the lookup stores what it read.
    const generation = cache.generation;
    cache.forgetToken('a');
    cache.set('a', principal('p1'), farFuture, t0, generation);
    expect(cache.get('a', t0)).toBeNull();
    // A lookup after it stores as usual; forgetAll empties the cache.
    cache.set('a', principal('p1'), farFuture, t0, cache.generation);
    cache.set('b', principal('p2'), farFuture, t0);
    expect(cache.get('a', t0)?.personId).toBe('p1');
    cache.forgetAll();
    expect(cache.get('a', t0)).toBeNull();
    expect(cache.get('b', t0)).toBeNull();
  });

  it('holds a bounded number of entries, dropping the oldest', () => {
    const cache = new PrincipalCache(60_000, 2);
    cache.set('a', principal('p1'), farFuture, t0);
    cache.set('b', principal('p2'), farFuture, t0);
    cache.set('c', principal('p3'), farFuture, t0);
    expect(cache.get('a', t0)).toBeNull();
    expect(cache.get('c', t0)?.personId).toBe('p3');
  });

  it('caches nothing with a time to live of zero', () => {
    const cache = new PrincipalCache(0);
    cache.set('a', principal('p1'), farFuture, t0);
    expect(cache.get('a', t0)).toBeNull();
  });
});
