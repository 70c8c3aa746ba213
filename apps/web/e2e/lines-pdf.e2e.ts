import { LINES_TEXT, MESSAGES, TEAM_INSTRUCTIONS } from '@enq/contract';
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, storedToken } from './support/browser';
import { useJourney } from './support/journey';

async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('the lines and PDF pages (Chromium against the real server)', () => {
  const journey = useJourney({ acceptDownloads: true });
  let pin = '';

  beforeAll(async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/lines`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/lines`);
    const token = await storedToken(page);
    pin = await page.evaluate(async (token) => {
      const response = await fetch('/api/v1/account/lines/', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()).pin as string;
    }, token);
  });

  it('LINE-01..09 lines by market: reveal the PIN, expand a description, tel: links, the notice to /pdf', async () => {
    const { server, page } = journey;
    const pps = page.getByRole('article', { name: 'Practitioner Priority Service' });
    await pps.waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'IRS',
      'California FTB',
      'New York DTF',
      'Pennsylvania DOR',
      `Georgia DOR${LINES_TEXT.newBadge}`,
    ]);
    expect(await pps.getByRole('link').getAttribute('href')).toBe('tel:+18885550101');
    expect(await pps.getByTestId('irs-numbers').textContent()).toBe('866-860-4259');
    const acs = page.getByRole('article', { name: 'Automated Collection System (ACS)' });
    expect(await acs.getByTestId('irs-numbers').locator('span').allTextContents()).toEqual([
      '800-829-7650',
      '800-829-3903',
    ]);

    const shownPin = page.getByTestId('pin');
    expect(await shownPin.textContent()).toBe(`••${pin.slice(-4)}`);
    await page.getByRole('button', { name: LINES_TEXT.showPin }).click();
    expect(await shownPin.textContent()).toBe(pin);
    await page.getByRole('button', { name: LINES_TEXT.hidePin }).click();
    expect(await shownPin.textContent()).toBe(`••${pin.slice(-4)}`);

    const about = pps.getByRole('button', { name: 'About this line' });
    const description = pps.getByText('The IRS line reserved for tax professionals.', { exact: false });
    expect(await description.isVisible()).toBe(false);
    await about.click();
    expect(await about.getAttribute('aria-expanded')).toBe('true');
    await description.waitFor();

    await screenshot(page, 'lines');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'lines-390px');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: 'Go to PDF and Contact Cards' }).click();
    await page.waitForURL(`${server.url}/pdf`);
  });

  it('PDF-01..06 the PIN in full, both downloads with their names and content, the QR code, the team block', async () => {
    const { page, problems } = journey;
    await page.getByRole('heading', { name: 'PDF and Contact Cards' }).waitFor();
    expect(await page.getByTestId('own-pin').textContent()).toBe(pin);

    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect((await qr.boundingBox())!.width).toBeGreaterThan(150);

    // Screenshots before the downloads: their toasts would cover the header.
    await screenshot(page, 'pdf');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pdf-390px');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: LINES_TEXT.howToStart }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('enq-phone-numbers.pdf');
    const text = await pdfText(readFileSync((await pdf.path())!));
    expect(text).toContain(DEMO_ADMIN.fullName);
    expect(text).toContain(`${pin.slice(0, 3)} ${pin.slice(3)}`);
    expect(text).toContain('(888) 555-0101');
    expect(text).toContain('866-860-4259');
    await page.getByText(MESSAGES.fileDownloaded).first().waitFor();

    const cardDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: LINES_TEXT.downloadContactCards }).click();
    const card = await cardDownload;
    expect(card.suggestedFilename()).toBe('enQ.vcf');
    const vcf = readFileSync((await card.path())!, 'utf8');
    expect(vcf.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(vcf).toContain('item1.TEL;TYPE=WORK,VOICE:+18885550101');
    expect(vcf.replace(/\r\n /g, '')).toContain(`enQ PIN: ${pin}`);

    // The link the QR code carries answers the same numbers without a token.
    const scanned = await page.evaluate(async (pin) => {
      const response = await fetch(`/contact-card?id=${pin}`);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.text(),
      };
    }, pin);
    expect(scanned.status).toBe(200);
    expect(scanned.type).toBe('text/vcard; charset=utf-8');
    expect(scanned.body).toContain('item1.TEL;TYPE=WORK,VOICE:+18885550101');

    const team = page.getByRole('region', { name: TEAM_INSTRUCTIONS.title });
    expect(await team.getByRole('listitem').count()).toBe(TEAM_INSTRUCTIONS.steps.length);

    expect(problems).toEqual([]);
  });
});
