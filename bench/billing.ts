// bench/billing: what GET /api/v1/account/billing/ costs next to the bare one-query route of
// bench/api-overhead (same server, same run), on embedded PGlite and, when DATABASE_URL is set, on
// PostgreSQL (target ratio >= 0.35); and how many invoice PDFs are made per second, in process and
// through GET /invoices/download/.
// Run: npm run bench:billing  (DATABASE_URL=postgres://... to include PostgreSQL)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderInvoicePdf } from '../apps/api/src/domain/invoices/invoice-pdf';
import { sampleInvoice } from '../apps/api/test/billing/invoice-fixture';
import { freshPostgresDatabase, rps, startServer, stopServer as stop, tokenFor } from './support/harness';

const TARGET = 0.35;

async function measure(label: string, env: Record<string, string>) {
  const token = await tokenFor(env);
  const auth = { authorization: `Bearer ${token}` };
  const server = await startServer('bench/support/bench-server.ts', env);
  try {
    const billingUrl = `${server.url}/api/v1/account/billing/`;
    const check = await fetch(billingUrl, { headers: auth });
    if (!check.ok) throw new Error(`GET /billing/ answered ${check.status}`);
    await rps(`${server.url}/bench/bare`); // warm-up
    const bare = await rps(`${server.url}/bench/bare`);
    const billing = await rps(billingUrl, auth);
    const { invoices } = (await (
      await fetch(`${server.url}/api/v1/account/invoices/`, { headers: auth })
    ).json()) as { invoices: { id: string }[] };
    const pdfs = await rps(
      `${server.url}/api/v1/account/invoices/download/?invoice_id=${invoices[0]!.id}`,
      auth,
      8,
    );
    const ratio = billing / bare;
    console.log(
      `${label}: bare PK route ${bare} req/s | GET /api/v1/account/billing/ ${billing} req/s ` +
        `(ratio ${ratio.toFixed(2)}) | GET /invoices/download/ ${pdfs} PDFs/s`,
    );
    return { ratio, pdfs };
  } finally {
    await stop(server.child);
  }
}

/** Invoice PDFs rendered per second in this process (one core), from a typical stored invoice. */
async function pdfsPerSecondInProcess(): Promise<number> {
  // The same invoice the PDF tests check, so the bench follows the contract's shape.
  const invoice = sampleInvoice();
  for (let i = 0; i < 20; i++) await renderInvoicePdf(invoice); // warm-up
  const started = performance.now();
  let made = 0;
  while (performance.now() - started < 3000) {
    await renderInvoicePdf(invoice);
    made++;
  }
  return Math.round(made / ((performance.now() - started) / 1000));
}

const dataDir = mkdtempSync(join(tmpdir(), 'enq-bench-billing-'));
try {
  const inProcess = await pdfsPerSecondInProcess();
  console.log(`invoice PDFs rendered in process: ${inProcess} PDFs/s (one core)`);
  // A fresh data dir gets the demo account on first start.
  const fresh = await startServer('apps/api/src/server.ts', { DATA_DIR: dataDir, DATABASE_URL: '' });
  await stop(fresh.child);
  const results = [await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })];
  if (process.env.DATABASE_URL) {
    const postgres = await freshPostgresDatabase(process.env.DATABASE_URL);
    try {
      results.push(await measure('PostgreSQL', { DATABASE_URL: postgres.url }));
    } finally {
      await postgres.drop();
    }
  }
  const worst = Math.min(...results.map((r) => r.ratio));
  console.log(
    `billing: ${worst.toFixed(2)} (ratio of GET /billing/ to the bare primary-key route, worst driver; ` +
      `target >= ${TARGET}) | ${inProcess} invoice PDFs/s in process, ` +
      `${Math.min(...results.map((r) => r.pdfs))} PDFs/s over HTTP`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
