import { describe, expect, it } from 'vitest';
import { importClosure } from '../apps/web/build/import-closure';

describe('importClosure: what a build graph node needs before it runs', () => {
  it('follows static imports at any depth, through cycles, and leaves out what the graph does not have', () => {
    const graph: Record<string, string[]> = { a: ['b', 'missing'], b: ['c'], c: ['a'], d: ['a'] };
    const closure = importClosure(['a', 'gone'], (id) => graph[id]);
    expect([...closure]).toEqual(['a', 'b', 'c']);
  });
});
