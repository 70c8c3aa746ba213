// bench/pdf: what this checkout's PDFs cost against another commit's renderer, in one run: the size of
// each kind (invoice, credit note, lines PDF, usage summary) and the median CPU time to render it (CPU
// time, not the clock's: on a shared machine the clock counts the waits for a core as well). The
// other renderer is that commit's apps/api/src/domain/pdf (and the QR code it draws), unpacked under
// node_modules/.cache so it loads the same packages; the two take turns, round by round, so that the
// machine's drift falls on both alike.
// Run: npm run bench:pdf -- [ref]   (ref: the baseline commit, `main` unless given)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { refundedInvoice, sampleInvoice } from '../apps/api/test/helpers/invoice-fixture';
import { linesPdfInput, usageSummaryInput } from '../apps/api/test/helpers/pdf-fixtures';
import type * as PdfDomain from '../apps/api/src/domain/pdf';
import { median, repoRoot } from './support/harness';

type Pdf = typeof PdfDomain;
type Render = (pdf: Pdf) => Promise<Buffer>;

const KINDS: [string, Render][] = [
  ['invoice', (pdf) => pdf.renderInvoicePdf(sampleInvoice())],
  ['credit note', (pdf) => pdf.renderInvoicePdf(refundedInvoice(), true)],
  ['lines PDF', (pdf) => pdf.renderLinesPdf(...linesPdfInput())],
  ['usage summary', (pdf) => pdf.renderUsageSummaryPdf(...usageSummaryInput())],
];
const ROUNDS = 8;
const PER_ROUND = 10;

const ref = process.argv[2] ?? 'main';
mkdirSync(join(repoRoot, 'node_modules/.cache'), { recursive: true });
const dir = mkdtempSync(join(repoRoot, 'node_modules/.cache/pdf-baseline-'));
try {
  const sources = ['apps/api/src/domain/pdf', 'apps/api/src/domain/qr-code.ts'];
  const archive = execFileSync('git', ['-C', repoRoot, 'archive', ref, ...sources]);
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const baseline = (await import(join(dir, 'apps/api/src/domain/pdf/index.ts'))) as Pdf;
  const current = await import('../apps/api/src/domain/pdf');

  /** CPU milliseconds (user and system) per render of `PER_ROUND` renders in a row. */
  const time = async (pdf: Pdf, render: Render) => {
    const started = process.cpuUsage();
    for (let i = 0; i < PER_ROUND; i++) await render(pdf);
    const { user, system } = process.cpuUsage(started);
    return (user + system) / 1000 / PER_ROUND;
  };

  console.log(`PDFs of this checkout against ${ref}'s renderer, ${ROUNDS}×${PER_ROUND} renders each`);
  for (const [kind, render] of KINDS) {
    const [before, after] = [await render(baseline), await render(current)];
    for (let i = 0; i < 5; i++) await Promise.all([render(baseline), render(current)]); // warm-up
    const times: { before: number[]; after: number[] } = { before: [], after: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
      for (const side of order) times[side].push(await time(side === 'before' ? baseline : current, render));
    }
    const [msBefore, msAfter] = [median(times.before), median(times.after)];
    console.log(
      `${kind.padEnd(14)} ${before.length.toLocaleString('en-US')} → ${after.length.toLocaleString('en-US')} bytes ` +
        `(${(after.length / before.length).toFixed(2)}x) | ${msBefore.toFixed(1)} → ${msAfter.toFixed(1)} ms CPU a render ` +
        `(${(msAfter / msBefore).toFixed(2)}x)`,
    );
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
