import { describe, expect, it } from 'vitest';
import { formatWait } from '../src/index';

describe('a wait in words', () => {
  it('whole seconds and minutes, singular where it is one', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(2)).toBe('2 seconds');
    expect(formatWait(59)).toBe('59 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('1 minute 1 second');
    expect(formatWait(127)).toBe('2 minutes 7 seconds');
    expect(formatWait(900)).toBe('15 minutes');
  });

  it('a part of a second still waits a whole one', () => {
    expect(formatWait(0.2)).toBe('1 second');
    expect(formatWait(1.5)).toBe('2 seconds');
  });
});
