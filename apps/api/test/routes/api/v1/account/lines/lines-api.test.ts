import {
  API_ACCOUNT_BASE,
  LINES_TEXT,
  formatLineNumber,
  irsNumbers,
  lineDestination,
  type LinesData,
} from '@enq/contract';
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_SUB_USERS } from '../../../../../../src/db/seed/demo-account';
import { LINE_CATALOGUE } from '../../../../../../src/domain/lines/line-catalogue';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { pdfText } from '../../../../../helpers/pdf-text';

interface VcardProperty {
  group?: string;
  name: string;
  params: string[];
  value: string;
}

/** A small vCard 3.0 reader: CRLF only, unfolds continuation lines, splits group.NAME;params:value. */
function parseVcard(text: string): VcardProperty[] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const lines = text.slice(0, -2).replace(/\r\n /g, '').split('\r\n');
  return lines.map((line) => {
    const colon = line.indexOf(':');
    expect(colon, line).toBeGreaterThan(0);
    const [head, ...params] = line.slice(0, colon).split(';');
    const [group, name] = head!.includes('.') ? head!.split('.') : [undefined, head];
    return { ...(group ? { group } : {}), name: name!.toUpperCase(), params, value: line.slice(colon + 1) };
  });
}

const unescape = (value: string) =>
  value.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

// 10:05 AM in New York (EST) on a Wednesday, and 11:10 PM the same day, when every line is off-hours.
const WEDNESDAY_10_05 = new Date('2026-01-14T15:05:00Z');
const WEDNESDAY_23_10 = new Date('2026-01-15T04:10:00Z');

const ALL_DEPARTMENTS = LINE_CATALOGUE.flatMap((m) => m.departments.map((d) => ({ market: m, ...d })));

describe.each(drivers)('lines API (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const pins: Record<string, string> = {};
  const names: Record<string, string> = {};
  const admin = DEMO_ADMIN.email;
  const sub = DEMO_SUB_USERS[0]!.email;
  const other = DEMO_ANNUAL.email;
  // Business time: now until a test fixes it (the demo history and the seed run at start).
  let at: Date | null = null;
  const clock = { now: () => at ?? new Date() };

  beforeAll(async () => {
    ctx = await createTestApp(driver, {}, { clock });
    for (const email of [admin, sub, DEMO_SUB_USERS[1]!.email, other]) {
      const [p] = await ctx.database.query<{ id: string; pin: string; full_name: string }>(
        'select id, pin, full_name from people where email = $1',
        [email],
      );
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
      pins[email] = p!.pin;
      names[email] = p!.full_name;
    }
  });
  afterEach(() => {
    at = null;
  });
  afterAll(() => ctx?.close());

  const get = (path: string, email = admin, area = '/lines') =>
    ctx.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}${area}${path}`,
      headers: { authorization: `Bearer ${tokens[email]}` },
    });
  const spaced = (pin: string) => pin.split('').join(' ');

  it('API-27 API-28 LINE-01 answers the caller own PIN and every department grouped by market, in order', async () => {
    at = WEDNESDAY_10_05;
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    const data: LinesData = response.json();
    expect(data.pin).toBe(pins[admin]);
    expect(Object.keys(data.markets_with_groups)).toEqual(LINE_CATALOGUE.map((m) => m.name));
    const irs = data.markets_with_groups.IRS!;
    expect(irs[0]).toEqual({
      market_id: 'irs',
      new_market: false,
      name_long: 'Practitioner Priority Service',
      irs_number: '866-860-4259',
      display_number: '+18885550101',
      open_hours_text: 'Mon–Fri 7:00 AM – 7:00 PM EST',
      description_long: expect.stringContaining('tax professionals'),
      rate_now: 58.75,
    });
    const acs = irs.find((g) => g.name_long.startsWith('Automated Collection System'))!;
    expect(irsNumbers(acs.irs_number)).toEqual(['800-829-7650', '800-829-3903']);
    expect(data.markets_with_groups['Georgia DOR']!.every((g) => g.new_market)).toBe(true);
    for (const group of Object.values(data.markets_with_groups).flat())
      expect(group.display_number).toMatch(/^\+188855501\d\d$/);

    // A sub-account user gets their own PIN.
    expect((await get('/', sub)).json().pin).toBe(pins[sub]);
  });

  it('each line carries its rate now: what a call started at that moment in New York is rated at', async () => {
    at = WEDNESDAY_10_05;
    const groups = Object.entries((await get('/')).json<LinesData>().markets_with_groups);
    const rated = groups.flatMap(([market, lines]) =>
      lines.map((g) => [lineDestination(market, g.name_long), g.rate_now] as const),
    );
    expect(rated).toHaveLength(ALL_DEPARTMENTS.length);
    for (const [destination, rate] of rated) {
      expect(rate, destination).toBeGreaterThan(20);
      expect(rate, destination).toBe(ctx.app.rates.rateFor(destination, WEDNESDAY_10_05)! / 100);
    }
    // The Call Rates chart names the same lines and, at 10:00 AM, the same numbers.
    const chart = (await get('/rates/', admin, '')).json<{ data: Record<string, number | string>[] }>();
    const tenAm = chart.data.find((p) => p.time === '10:00 AM')!;
    for (const [destination, rate] of rated) expect(tenAm[destination], destination).toBe(rate);

    at = WEDNESDAY_23_10;
    const night = Object.values((await get('/')).json<LinesData>().markets_with_groups).flat();
    expect(night.map((g) => g.rate_now)).toEqual(ALL_DEPARTMENTS.map(() => 20));
  });

  it('API-29 PDF-02 the PDF parses and holds the name, the PIN, how to dial and every enQ and agency number', async () => {
    const response = await get('/pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="enq-phone-numbers.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(response.rawPayload);
    const pin = pins[admin]!;
    expect(text).toContain(names[admin]);
    expect(text).toContain(`${pin.slice(0, 3)} ${pin.slice(3)}`);
    expect(text).toContain(LINES_TEXT.howToStart);
    expect(text).toContain('Enter your PIN when asked.');
    for (const department of ALL_DEPARTMENTS) {
      expect(text).toContain(formatLineNumber(department.displayNumber));
      for (const number of irsNumbers(department.irsNumber)) expect(text).toContain(number);
    }
    expect(text).toContain('Practitioner Priority Service');
    expect(text).toContain('Mon–Fri 7:00 AM – 7:00 PM EST');
    expect(text).toContain('Georgia DOR');
  });

  it('API-29 API-30 pin with spaces picks that PIN; a sub-user PIN of the same account works for the admin', async () => {
    const pin = pins[sub]!;
    const pdf = await get(`/pdf?pin=${encodeURIComponent(spaced(pin))}`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(names[sub]);
    expect(text).toContain(`${pin.slice(0, 3)} ${pin.slice(3)}`);
    expect(text).not.toContain(names[admin]);

    const card = await get(`/vcf?pin=${encodeURIComponent(` ${pin.slice(0, 3)} ${pin.slice(3)} `)}`);
    expect(card.statusCode).toBe(200);
    const note = unescape(parseVcard(card.body).find((p) => p.name === 'NOTE')!.value);
    expect(note).toContain(`${names[sub]}'s enQ PIN: ${pin}`);
  });

  it("another account's PIN, or a sub-user asking for a colleague's, answers 404 with a clear message", async () => {
    for (const [path, email] of [
      [`/pdf?pin=${pins[other]}`, admin],
      [`/vcf?pin=${pins[other]}`, admin],
      [`/qr?pin=${pins[other]}`, admin],
      [`/pdf?pin=${pins[admin]}`, other],
      [`/pdf?pin=${pins[DEMO_SUB_USERS[1]!.email]}`, sub],
      [`/vcf?pin=${pins[admin]}`, sub],
    ] as const) {
      const response = await get(path, email);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: LINES_TEXT.pinNotFound, field: 'pin' });
    }
    // The sub-user's own PIN, given explicitly, is theirs to download.
    expect((await get(`/pdf?pin=${pins[sub]}`, sub)).statusCode).toBe(200);
  });

  it('a PIN with letters is refused with 400 naming the field', async () => {
    const response = await get('/vcf?pin=12ab56');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: LINES_TEXT.pinMalformed, field: 'pin' });
  });

  it('API-30 the contact card is a valid vCard 3.0 with one labelled TEL per department and the PIN in the NOTE', async () => {
    const response = await get('/vcf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="enQ.vcf"');
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const props = parseVcard(response.body);
    expect(props[0]).toEqual({ name: 'BEGIN', params: [], value: 'VCARD' });
    expect(props[1]).toEqual({ name: 'VERSION', params: [], value: '3.0' });
    expect(props.at(-1)).toEqual({ name: 'END', params: [], value: 'VCARD' });
    expect(props.find((p) => p.name === 'FN')!.value).toBe('enQ');
    expect(props.find((p) => p.name === 'N')!.value).toBe(';enQ;;;');
    expect(props.find((p) => p.name === 'ORG')!.value).toBe('enQ');

    const tels = props.filter((p) => p.name === 'TEL');
    expect(tels.map((t) => t.value)).toEqual(ALL_DEPARTMENTS.map((d) => d.displayNumber));
    for (const tel of tels) {
      expect(tel.params).toEqual(['TYPE=WORK,VOICE']);
      expect(tel.group).toMatch(/^item\d+$/);
    }
    const labels = tels.map((t) => {
      const label = props.find((p) => p.group === t.group && p.name === 'X-ABLABEL')!;
      return unescape(label.value);
    });
    expect(labels).toEqual(ALL_DEPARTMENTS.map((d) => `${d.market.name} ${d.nameLong}`));

    const note = unescape(props.find((p) => p.name === 'NOTE')!.value);
    expect(note).toContain(`${names[admin]}'s enQ PIN: ${pins[admin]}`);
    expect(note).toContain('2. Enter your PIN when asked.');
    expect(note).toContain('IRS Automated Collection System (ACS): 800-829-7650 / 800-829-3903');
  });

  it('PDF-03 PDF-04 the QR code is an SVG of the contact-card link carrying id equal to the PIN', async () => {
    const response = await get('/qr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body.startsWith('<svg')).toBe(true);
    const link = `http://localhost:8080/contact-card?id=${pins[admin]}`;
    // QR encoding is deterministic: the same link with the same options draws the same symbol.
    expect(response.body).toBe(await QRCode.toString(link, { type: 'svg', margin: 1 }));
    const sub_ = await get(`/qr?pin=${spaced(pins[sub]!)}`);
    expect(sub_.body).toBe(
      await QRCode.toString(`http://localhost:8080/contact-card?id=${pins[sub]}`, { type: 'svg', margin: 1 }),
    );
  });

  it('PDF-04 the public contact-card link answers the vCard without a token and says nothing about the PIN', async () => {
    const ask = (id: string) =>
      ctx.app.inject({ method: 'GET', url: `/contact-card?id=${encodeURIComponent(id)}` });
    const real = await ask(pins[admin]!);
    expect(real.statusCode).toBe(200);
    expect(real.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(real.headers['content-disposition']).toBe('attachment; filename="enQ.vcf"');
    const props = parseVcard(real.body);
    expect(props.filter((p) => p.name === 'TEL')).toHaveLength(ALL_DEPARTMENTS.length);
    const note = unescape(props.find((p) => p.name === 'NOTE')!.value);
    expect(note).toContain(`Your enQ PIN: ${pins[admin]}`);
    expect(real.body).not.toContain(names[admin]!);

    // A PIN nobody holds gets the same card, differing only in the digits.
    const unknown = '000000' === pins[admin] ? '000001' : '000000';
    const fake = await ask(unknown);
    expect(fake.statusCode).toBe(200);
    expect(fake.body.replaceAll(unknown, pins[admin]!)).toBe(real.body);

    // Spaces are dropped; anything but digits is refused and never reaches a file.
    expect((await ask(spaced(pins[admin]!))).body).toBe(real.body);
    for (const bad of ['12<script>', 'abc', '1'.repeat(33), '']) {
      const response = await ask(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe(LINES_TEXT.contactCardInvalid);
      expect(response.body).not.toContain('<script>');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/contact-card' })).statusCode).toBe(400);
  });

  it('the public contact-card link is rate-limited', async () => {
    let limited = 0;
    for (let i = 0; i < 35; i++) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/contact-card?id=123456',
        remoteAddress: '10.9.8.7',
      });
      if (response.statusCode === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
  });

  it('the lines routes need a token', async () => {
    for (const path of ['/', '/pdf', '/vcf', '/qr']) {
      const response = await ctx.app.inject({ method: 'GET', url: `${API_ACCOUNT_BASE}/lines${path}` });
      expect(response.statusCode).toBe(401);
    }
  });
});
