import { expect } from 'vitest';

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/**
 * Asserts that requests for a known and an unknown email took the same time: their medians within
 * 1.5x of each other (medians, so a busy machine's stray slow request does not decide).
 */
export function expectSameTiming(known: number[], unknown: number[]) {
  const ratio = median(known) / median(unknown);
  expect(ratio, `known ${median(known)} ms, unknown ${median(unknown)} ms`).toBeLessThan(1.5);
  expect(ratio).toBeGreaterThan(1 / 1.5);
}
