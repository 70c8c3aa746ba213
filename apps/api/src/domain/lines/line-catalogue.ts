import { lineDestination } from '@enq/contract';

/*
 * The one catalogue of lines. The Lines page, its PDF and contact card, the rate table (one curve per
 * department, seeded from `rate`), the Call Rates chart, the Call History filter and the demo and
 * generated calls all come from this list, so a customer finds the rate of every line they can call.
 * A destination not listed here gets no new rate: the engine refuses its calls like any unknown one.
 */

export interface CatalogueDepartment {
  id: string;
  nameLong: string;
  /** The agency's own number(s), one per line. */
  irsNumber: string;
  /** The enQ access number (E.164). 555-0100..0199 numbers are reserved as fictional. */
  displayNumber: string;
  openHoursText: string;
  descriptionLong: string;
  /** Its price curve (seededRateCc): how busy the line runs, and its busiest hour in New York. */
  rate: { load: number; peak: number };
}

export interface CatalogueMarket {
  id: string;
  name: string;
  isNew: boolean;
  departments: CatalogueDepartment[];
}

const WEEKDAYS_7_TO_7 = 'Mon–Fri 7:00 AM – 7:00 PM EST';

/**
 * The agency lines enQ reaches, in display order. Agency hours are converted to Eastern time; the
 * IRS lines that follow the caller's local time are shown for the Eastern zone.
 */
export const LINE_CATALOGUE: CatalogueMarket[] = [
  {
    id: 'irs',
    name: 'IRS',
    isNew: false,
    departments: [
      {
        id: 'irs-pps',
        rate: { load: 1.0, peak: 10 },
        nameLong: 'Practitioner Priority Service',
        irsNumber: '866-860-4259',
        displayNumber: '+18885550101',
        openHoursText: WEEKDAYS_7_TO_7,
        descriptionLong:
          'The IRS line reserved for tax professionals. Use it for client account questions, notices, payment plans and penalty relief when you hold a power of attorney (Form 2848) or tax information authorization (Form 8821) recorded on the CAF. Have your CAF number and the client’s SSN or EIN ready; agents may limit how many client accounts they handle per call.',
      },
      {
        id: 'irs-eservices',
        rate: { load: 0.6, peak: 9 },
        nameLong: 'e-Services Help Desk',
        irsNumber: '866-255-0654\n512-416-7750',
        displayNumber: '+18885550102',
        openHoursText: 'Mon–Fri 7:30 AM – 7:00 PM EST',
        descriptionLong:
          'Technical help with IRS e-Services: Secure Access registration and sign-in, the e-file application and EFIN, Transcript Delivery System, TIN Matching and the Tax Pro Account. The second number is the help desk’s line for callers outside the United States.',
      },
      {
        id: 'irs-bmf',
        rate: { load: 0.85, peak: 11 },
        nameLong: 'Business & Specialty Tax Line',
        irsNumber: '800-829-4933',
        displayNumber: '+18885550103',
        openHoursText: WEEKDAYS_7_TO_7,
        descriptionLong:
          'Business tax accounts: EIN questions, Forms 941, 940, 1120, 1065 and 1041, business notices, deposits and penalties, and filing requirements for employment and excise taxes.',
      },
      {
        id: 'irs-acs',
        rate: { load: 0.9, peak: 10 },
        nameLong: 'Automated Collection System (ACS)',
        irsNumber: '800-829-7650\n800-829-3903',
        displayNumber: '+18885550104',
        openHoursText: 'Mon–Fri 8:00 AM – 8:00 PM EST',
        descriptionLong:
          'Balance-due accounts in collection: CP504 and LT11 / Letter 1058 intent-to-levy notices, installment agreements, currently-not-collectible requests and levy releases. The first number serves individual taxpayers, the second businesses.',
      },
      {
        id: 'irs-am',
        rate: { load: 0.95, peak: 11 },
        nameLong: 'Accounts Management (Individual Income Tax)',
        irsNumber: '800-829-1040',
        displayNumber: '+18885550105',
        openHoursText: WEEKDAYS_7_TO_7,
        descriptionLong:
          'Individual income tax accounts: refunds and offsets, amended returns, notices asking for more information, adjustments to a processed return and payments applied to the wrong year.',
      },
      {
        id: 'irs-tas',
        rate: { load: 0.7, peak: 13 },
        nameLong: 'Taxpayer Advocate Service',
        irsNumber: '877-777-4778',
        displayNumber: '+18885550106',
        openHoursText: WEEKDAYS_7_TO_7,
        descriptionLong:
          'The independent office inside the IRS for clients facing financial hardship, or whose problem the normal IRS channels have not solved. Intake will ask for Form 911, Request for Taxpayer Advocate Service Assistance.',
      },
      {
        id: 'irs-tege',
        rate: { load: 0.45, peak: 14 },
        nameLong: 'Tax Exempt and Government Entities',
        irsNumber: '877-829-5500',
        displayNumber: '+18885550107',
        openHoursText: 'Mon–Fri 9:00 AM – 6:00 PM EST',
        descriptionLong:
          'Customer Account Services for charities and other exempt organizations, employee retirement plans, government entities and tax-exempt bonds: exemption applications (Form 1023 and 1024), Form 990 filings and determination letters.',
      },
      {
        id: 'irs-ipsu',
        rate: { load: 0.65, peak: 12 },
        nameLong: 'Identity Protection Specialized Unit',
        irsNumber: '800-908-4490',
        displayNumber: '+18885550108',
        openHoursText: WEEKDAYS_7_TO_7,
        descriptionLong:
          'Identity theft on a tax account: e-filed returns rejected because a return was already filed under the SSN, Identity Protection PIN questions, and follow-up on a Form 14039 identity theft affidavit.',
      },
      {
        id: 'irs-international',
        rate: { load: 0.55, peak: 8 },
        nameLong: 'International Taxpayer Service',
        irsNumber: '267-941-1000',
        displayNumber: '+18885550109',
        openHoursText: 'Mon–Fri 6:00 AM – 11:00 PM EST',
        descriptionLong:
          'Accounts of individuals and businesses outside the United States: non-resident and expatriate returns, foreign earned income, treaty questions and notices sent abroad.',
      },
      {
        id: 'irs-estate-gift',
        rate: { load: 0.35, peak: 10 },
        nameLong: 'Estate and Gift Tax',
        irsNumber: '866-699-4083',
        displayNumber: '+18885550110',
        openHoursText: 'Mon–Fri 8:00 AM – 3:30 PM EST',
        descriptionLong:
          'Forms 706 and 709: filing and payment questions, estate tax closing letters, transcripts and portability elections.',
      },
    ],
  },
  {
    id: 'ca-ftb',
    name: 'California FTB',
    isNew: false,
    departments: [
      {
        id: 'ca-ftb-practitioner',
        rate: { load: 0.8, peak: 12 },
        nameLong: 'Tax Practitioner Hotline',
        irsNumber: '916-845-7057',
        displayNumber: '+18885550121',
        openHoursText: 'Mon–Fri 11:00 AM – 8:00 PM EST',
        descriptionLong:
          'The Franchise Tax Board’s line for tax professionals: client balances, notices, payment plans and refunds. A power of attorney (FTB 3520) on file lets the agent discuss the client’s account.',
      },
      {
        id: 'ca-ftb-general',
        rate: { load: 0.7, peak: 13 },
        nameLong: 'Personal and Business Income Tax',
        irsNumber: '800-852-5711',
        displayNumber: '+18885550122',
        openHoursText: 'Mon–Fri 11:00 AM – 8:00 PM EST',
        descriptionLong:
          'General Franchise Tax Board assistance for California personal income tax and business entity accounts, including estimated payments and the $800 minimum franchise tax.',
      },
    ],
  },
  {
    id: 'ny-dtf',
    name: 'New York DTF',
    isNew: false,
    departments: [
      {
        id: 'ny-dtf-pit',
        rate: { load: 0.75, peak: 10 },
        nameLong: 'Personal Income Tax Information Center',
        irsNumber: '518-457-5181',
        displayNumber: '+18885550131',
        openHoursText: 'Mon–Fri 8:30 AM – 4:30 PM EST',
        descriptionLong:
          'New York State Department of Taxation and Finance: personal income tax bills and notices, refunds, estimated tax and the New York City and Yonkers resident taxes.',
      },
      {
        id: 'ny-dtf-business',
        rate: { load: 0.6, peak: 11 },
        nameLong: 'Business Tax Information Center',
        irsNumber: '518-485-6027\n518-485-2889',
        displayNumber: '+18885550132',
        openHoursText: 'Mon–Fri 8:30 AM – 4:30 PM EST',
        descriptionLong:
          'Corporation tax and pass-through entity tax on the first number; sales tax registration, filing and Certificates of Authority on the second.',
      },
    ],
  },
  {
    id: 'pa-dor',
    name: 'Pennsylvania DOR',
    isNew: false,
    departments: [
      {
        id: 'pa-dor-pit',
        rate: { load: 0.5, peak: 11 },
        nameLong: 'Customer Experience Center (Personal Income Tax)',
        irsNumber: '717-787-8201',
        displayNumber: '+18885550141',
        openHoursText: 'Mon–Fri 8:30 AM – 5:00 PM EST',
        descriptionLong:
          'Pennsylvania Department of Revenue: personal income tax returns, notices, refunds and myPATH account questions.',
      },
      {
        id: 'pa-dor-business',
        rate: { load: 0.45, peak: 14 },
        nameLong: 'Business Taxes',
        irsNumber: '717-787-1064',
        displayNumber: '+18885550142',
        openHoursText: 'Mon–Fri 8:30 AM – 5:00 PM EST',
        descriptionLong:
          'Sales and use tax, employer withholding and corporation taxes: registration, filing in myPATH, assessments and payment arrangements.',
      },
    ],
  },
  {
    id: 'ga-dor',
    name: 'Georgia DOR',
    isNew: true,
    departments: [
      {
        id: 'ga-dor-taxpayer',
        rate: { load: 0.4, peak: 9 },
        nameLong: 'Taxpayer Services',
        irsNumber: '877-423-6711',
        displayNumber: '+18885550151',
        openHoursText: 'Mon–Fri 8:00 AM – 5:00 PM EST',
        descriptionLong:
          'Georgia Department of Revenue: individual and business tax accounts, Georgia Tax Center (GTC) access, notices and refunds.',
      },
    ],
  },
];

/** A department line with the name it goes by in calls and rates (lineDestination). */
export interface CatalogueLine extends CatalogueDepartment {
  marketId: string;
  destination: string;
}

/** Every department line in display order, each with its destination name. */
export const CATALOGUE_LINES: CatalogueLine[] = LINE_CATALOGUE.flatMap((m) =>
  m.departments.map((d) => ({ ...d, marketId: m.id, destination: lineDestination(m.name, d.nameLong) })),
);

/** The destination names of every line, in display order. */
export const LINE_DESTINATIONS: string[] = CATALOGUE_LINES.map((l) => l.destination);
