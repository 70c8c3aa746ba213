import { LINE_CATALOGUE } from '../../src/domain/lines/line-catalogue';
import type { LineMarket, PinHolder } from '../../src/domain/lines';
import type { UsageSummaryFacts, UsageSummaryUsage } from '../../src/domain/pdf/usage-summary-pdf';
import { periodModel, type PeriodModel } from '../../src/domain/periods';

/**
 * What the lines PDF and the usage summary are rendered from, without a database: every market and
 * department of the catalogue as the seed stores them, and a closed monthly period with overage.
 */
export function linesPdfInput(): [PinHolder, LineMarket[], string] {
  const markets = LINE_CATALOGUE.map((m) => ({
    id: m.id,
    name: m.name,
    isNew: m.isNew,
    departments: m.departments.map((d) => ({
      id: d.id,
      market_id: m.id,
      new_market: m.isNew,
      name_long: d.nameLong,
      irs_number: d.irsNumber,
      display_number: d.displayNumber,
      open_hours_text: d.openHoursText,
      description_long: d.descriptionLong,
    })),
  }));
  return [{ full_name: 'Alex Admin', pin: '482913' }, markets, 'https://portal.enq.example/contact-card/abc'];
}

export function usageSummaryInput(): [UsageSummaryFacts, UsageSummaryUsage, PeriodModel] {
  const start = new Date('2026-03-02T05:00:00Z');
  const end = new Date('2026-04-02T04:00:00Z');
  const facts: UsageSummaryFacts = {
    accountName: 'Harbor Pine Tax Advisors',
    start,
    end,
    planName: 'Solo',
    planPeriod: 'mo',
    invoice: { number: 'ENQ-202604-1A2B3C4D', totalCents: 10_750 },
    topUsers: [
      { name: 'Alex Admin', calls: 12, cc: 360_000 },
      { name: 'Sam Sub', calls: 3, cc: 45_000 },
    ],
    topLines: [{ name: 'IRS Practitioner Priority Service', calls: 15, cc: 405_000 }],
  };
  const model = periodModel({
    period: { start, end },
    planPeriod: 'mo',
    ledger: {
      used: { plan: 400_000, rollover: 0, bonus: 5_000, overage: 75_000 },
      left: { plan: 0, rollover: 0, bonus: 0 },
    },
    now: end,
  });
  return [facts, { overageCentsInvoiced: 750, calls: 15 }, model];
}
