import { z } from 'zod';

/** The lines area's calls below /api/v1/account (API-23, API-27..30). */
export const LINES_PATHS = {
  lines: '/lines/',
  pdf: '/lines/pdf',
  vcf: '/lines/vcf',
  qr: '/lines/qr',
} as const;

/** Default download names (API-29, API-30); the server sends the same in content-disposition. */
export const LINES_PDF_FILENAME = 'enq-phone-numbers.pdf';
export const LINES_VCF_FILENAME = 'enQ.vcf';

/** The public link a phone opens after scanning the /pdf QR code; answers the enQ contact card. */
export const CONTACT_CARD_PATH = '/contact-card';

/** One department line (API-28). */
export const lineGroupSchema = z
  .object({
    market_id: z.string(),
    new_market: z.boolean(),
    name_long: z.string(),
    irs_number: z.string().meta({ description: "the agency's own number(s), one per line ('\\n')" }),
    display_number: z.string().meta({ description: 'the enQ number to dial, E.164' }),
    open_hours_text: z.string().meta({ description: 'opening hours, Eastern time' }),
    description_long: z.string(),
    rate_now: z.number().nullable().meta({
      description:
        'credits per minute for a call started now (the current New York half hour); null when no rate covers the line',
    }),
  })
  .meta({ id: 'LineGroup' });
export type LineGroup = z.infer<typeof lineGroupSchema>;

/**
 * The one name a department line goes by wherever it is not shown under its market heading: a call's
 * `destination`, the Call Rates series and the Call History filter. Derived from the catalogue (market
 * name + department name), so the rates, the calls and the Lines page cannot name a line differently.
 */
export const lineDestination = (market: string, nameLong: string): string => `${market} ${nameLong}`;

/** The rate a Lines card shows, e.g. 58.75 → '58.75 credits/min now'. */
export const formatRateNow = (creditsPerMinute: number): string =>
  `${creditsPerMinute.toFixed(2)} credits/min now`;

/** GET /lines/: the caller's own PIN and the departments keyed by market name, markets in display order. */
export const linesDataSchema = z
  .object({
    pin: z.string(),
    markets_with_groups: z.record(z.string(), z.array(lineGroupSchema)),
  })
  .meta({ id: 'LinesData' });
export type LinesData = z.infer<typeof linesDataSchema>;

/** GET /lines/pdf, /lines/vcf, /lines/qr: `pin` (spaces allowed) picks whose document; absent = the caller's. */
export const linesPinQuerySchema = z.object({
  pin: z
    .string()
    .max(64)
    .optional()
    .meta({ description: "a PIN of the caller's account; spaces are ignored; default the caller's own" }),
});

/** GET /contact-card?id=<PIN> (public). */
// Query schemas carry no OpenAPI id: @fastify/swagger cannot resolve a referenced querystring schema.
export const contactCardQuerySchema = z.object({
  id: z.string().max(64).meta({ description: 'the PIN the card is for; spaces are ignored' }),
});

/** The PIN a person typed or pasted, e.g. '123 456', as sent: every whitespace character removed. */
export const normalisePinQuery = (raw: string): string => raw.replace(/\s+/g, '');

/** A PIN as the server issues or accepts them (users.ts): digits only, at most 32. */
export const isWellFormedPin = (pin: string): boolean => /^\d{1,32}$/.test(pin);

/** The link the /pdf QR code encodes (PDF-04): `<public url>/contact-card?id=<PIN>`. */
export function contactCardUrl(publicUrl: string, pin: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${CONTACT_CARD_PATH}?id=${encodeURIComponent(normalisePinQuery(pin))}`;
}

/** The several agency numbers of one department ('\n'-separated), blank lines dropped. */
export const irsNumbers = (irsNumber: string): string[] =>
  irsNumber
    .split(/\r?\n/)
    .map((n) => n.trim())
    .filter(Boolean);

/** A North American E.164 number as people write it, '+18885550101' → '(888) 555-0101'; others as given. */
export function formatLineNumber(e164: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : e164;
}

export const LINES_TEXT = {
  newBadge: 'New',
  howToStart: 'How to start',
  downloadContactCards: 'Download Contact Cards',
  showPin: 'Show PIN',
  hidePin: 'Hide PIN',
  pinNotFound: 'There is no such PIN in your account.',
  pinMalformed: 'A PIN is digits only.',
  contactCardInvalid: 'This contact-card link is not valid. Scan the QR code on the PDF page again.',
} as const;

/** How a call through enQ goes: the PDF, the contact card's note and the /pdf page say the same. */
export const HOW_TO_DIAL = [
  'Call the enQ number of the line you need.',
  'Enter your PIN when asked.',
  'enQ connects you to the agency line, or holds your place in its queue while you listen to your hold music, and puts you through when an agent answers.',
] as const;

/** The /pdf page's team block (PDF-06): how an admin shares enQ with sub-account users. */
export const TEAM_INSTRUCTIONS = {
  title: 'Sharing enQ with your team',
  intro:
    'Every person on your account has their own PIN, so each call is billed to the account and shows who made it in Call History.',
  steps: [
    'Add each team member on the Users page; enQ gives them their own PIN.',
    'Send them their PIN from the Users page with Send PIN email, or share it yourself.',
    'Share this PDF and the contact cards: the numbers are the same for everyone, only the PIN differs.',
    'When someone leaves, remove them on the Users page, or change their PIN there.',
  ],
} as const;
