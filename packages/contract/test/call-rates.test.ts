import { describe, expect, it } from 'vitest';
import { rateYMax, slotLabel } from '../src/call-rates';

// RATE-04 (the y-axis floor of 20) is the chart's: call-rates-page.test.tsx reads it off the drawn lines.
describe('call rates chart labels', () => {
  it('labels slots and rounds the y maximum up', () => {
    expect(slotLabel(0)).toBe('12:00 AM');
    expect(slotLabel(570)).toBe('9:30 AM');
    expect(slotLabel(750)).toBe('12:30 PM');
    expect(slotLabel(1410)).toBe('11:30 PM');
    expect(rateYMax(51.25)).toBe(55);
    expect(rateYMax(20)).toBe(25);
  });
});
