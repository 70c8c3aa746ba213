import { describe, expect, it } from 'vitest';
import {
  RATE_CHART_COLORS,
  RATE_CHART_HEIGHT,
  RATE_CHART_Y_MIN,
  rateYMax,
  slotLabel,
} from '../src/call-rates';

describe('call rates chart constants', () => {
  it('RATE-04 RATE-05 RATE-06 y-axis from 20, 27 distinct colours, 700 high', () => {
    expect(RATE_CHART_Y_MIN).toBe(20);
    expect(RATE_CHART_COLORS).toHaveLength(27);
    expect(new Set(RATE_CHART_COLORS).size).toBe(27);
    expect(RATE_CHART_HEIGHT).toBe(700);
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
