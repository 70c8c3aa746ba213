import { describe, expect, it } from 'vitest';
import { addressLines, cardLabel, countryName, taxLabel } from '../src/index';

describe('an issued invoice as the dialog and the PDF both print it', () => {
  it('addresses in US style, blank lines left out, and none as "Not on file"', () => {
    const address = {
      line1: '1200 Harbor Pine Road',
      line2: '',
      city: 'Portland',
      state: 'ME',
      postal_code: '04101',
      country: 'US',
    };
    expect(addressLines(address)).toEqual(['1200 Harbor Pine Road', 'Portland, ME 04101', 'United States']);
    expect(addressLines({ ...address, state: ' ' })).toEqual([
      '1200 Harbor Pine Road',
      'Portland, 04101',
      'United States',
    ]);
    expect(addressLines(null)).toEqual(['Not on file']);
  });

  it("a country by its name, as the seller's address writes it; an unknown one as stored", () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('ca')).toBe('Canada');
    expect(countryName('United States')).toBe('United States');
    expect(countryName('QQ')).toBe('QQ');
  });

  it('tax with its status and rate, an exempt invoice without a rate', () => {
    expect(taxLabel({ status: 'taxable', rate_percent: 0.67, amount: 3.6 })).toBe('Tax (Taxable, 0.67%)');
    expect(taxLabel({ status: 'Exempt (certificate 42)', rate_percent: 6, amount: 0 })).toBe('Tax (Exempt)');
  });

  it('a card as a person reads it', () => {
    expect(cardLabel('visa •••• 4242')).toBe('Visa ending in 4242');
    expect(cardLabel(null)).toBe('');
  });
});
