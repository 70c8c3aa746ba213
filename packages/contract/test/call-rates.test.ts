import { describe, expect, it } from 'vitest';
import { RATE_CHART_Y_MIN, rateYMax, slotLabel } from '../src/call-rates';

describe('call rates chart labels', () => {
  it('RATE-04 the y-axis starts at 20', () => {
    expect(RATE_CHART_Y_MIN).toBe(20);
  });
  it('labels slots and rounds the y maximum up', () => {
    expect(slotLabel(0)).toBe('12:00 AM');
    expect(slotLabel(570)).toBe('9:30 AM');
    expect(slotLabel(750)).toBe('12:30 PM');
    expect(slotLabel(1410)).toBe('11:30 PM');
    expect(rateYMax(51.25)).toBe(55);
    expect(rateYMax(20)).toBe(25);
  });
});
