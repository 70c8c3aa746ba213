import { describe, expect, it } from 'vitest';
import {
  LINES_PATHS,
  LINES_PDF_FILENAME,
  LINES_VCF_FILENAME,
  contactCardUrl,
  formatLineNumber,
  formatRateNow,
  irsNumbers,
  isWellFormedPin,
  lineDestination,
  linesDataSchema,
  maskPin,
  normalisePinQuery,
} from '../src';

const GROUP = {
  market_id: 'irs',
  new_market: false,
  name_long: 'Practitioner Priority Service',
  irs_number: '866-860-4259',
  display_number: '+18885550101',
  open_hours_text: 'Mon–Fri 7:00 AM – 7:00 PM EST',
  description_long: 'For tax professionals.',
  rate_now: 58.75,
};

describe('lines contract', () => {
  it('API-23 API-29 API-30 defines the lines paths and the default download names', () => {
    expect(LINES_PATHS).toEqual({ lines: '/lines/', pdf: '/lines/pdf', vcf: '/lines/vcf', qr: '/lines/qr' });
    expect(LINES_PDF_FILENAME).toBe('enq-phone-numbers.pdf');
    expect(LINES_VCF_FILENAME).toBe('enQ.vcf');
  });

  it('API-27 API-28 lines data is the PIN and groups keyed by market name, each with the seven fields and the rate now', () => {
    const data = { pin: '482913', markets_with_groups: { IRS: [GROUP] } };
    expect(linesDataSchema.parse(data)).toEqual(data);
    const { display_number: _, ...missing } = GROUP;
    expect(linesDataSchema.safeParse({ pin: '1', markets_with_groups: { IRS: [missing] } }).success).toBe(
      false,
    );
  });

  it('a line goes by its market and department name', () => {
    expect(lineDestination('IRS', 'Practitioner Priority Service')).toBe('IRS Practitioner Priority Service');
    expect(lineDestination('Georgia DOR', 'Taxpayer Services')).toBe('Georgia DOR Taxpayer Services');
  });

  it('each line carries its rate now, or null when no rate covers it', () => {
    const { rate_now: _, ...unrated } = GROUP;
    expect(linesDataSchema.safeParse({ pin: '1', markets_with_groups: { IRS: [unrated] } }).success).toBe(
      false,
    );
    const closed = { pin: '1', markets_with_groups: { IRS: [{ ...GROUP, rate_now: null }] } };
    expect(linesDataSchema.parse(closed)).toEqual(closed);
  });

  it("a line's rate reads in credits per minute now, to the hundredth", () => {
    expect(formatRateNow(58.75)).toBe('58.75 credits/min now');
    expect(formatRateNow(20)).toBe('20.00 credits/min now');
  });

  it('API-29 the pin query has its spaces removed', () => {
    expect(normalisePinQuery(' 482 913 ')).toBe('482913');
    expect(normalisePinQuery('4\t8 2\n913')).toBe('482913');
    expect(isWellFormedPin('482913')).toBe(true);
    expect(isWellFormedPin('48291a')).toBe(false);
    expect(isWellFormedPin('')).toBe(false);
    expect(isWellFormedPin('1'.repeat(33))).toBe(false);
  });

  it('PDF-04 the contact-card link carries id equal to the PIN', () => {
    expect(contactCardUrl('https://portal.enq.example/', '482 913')).toBe(
      'https://portal.enq.example/contact-card?id=482913',
    );
    const url = new URL(contactCardUrl('http://localhost:8080', '000123'));
    expect(url.pathname).toBe('/contact-card');
    expect(url.searchParams.get('id')).toBe('000123');
  });

  it('LINE-03 several IRS numbers split one per line; LINE-04 enQ numbers read as (888) 555-0101', () => {
    expect(irsNumbers('800-829-7650\n800-829-3903\n')).toEqual(['800-829-7650', '800-829-3903']);
    expect(irsNumbers('866-860-4259')).toEqual(['866-860-4259']);
    expect(formatLineNumber('+18885550101')).toBe('(888) 555-0101');
    expect(formatLineNumber('+442071234567')).toBe('+442071234567');
  });

  it('LINE-08 the PIN mask hides all but the last 4 characters', () => {
    expect(maskPin('482913')).toBe('••2913');
  });
});
