// bench/admin: what the operator console's account search and account page cost (issue 25).
// Requests per second of GET /api/v1/admin/accounts?q=... for each way of finding an account (name,
// email, PIN, invoice number, card's last four) and of the account page, next to the bare one-query
// route of the same server in the same run, on embedded PGlite and, when DATABASE_URL is set, on
// PostgreSQL. Target: each at least 0.25x the bare route (a search is a few indexed lookups; the page
// reads the period, the ledger, invoices, users and notes). A missed target fails the run (exit code 1);
// the test run never runs this.
// Run: npm run bench:admin  (DATABASE_URL=postgres://... to include PostgreSQL)
import { API_ACCOUNT_BASE, API_ADMIN_BASE } from '@enq/contract';
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_SUB_USERS, DEMO_STAFF } from '../apps/api/src/db/seed/demo-account';
import { freshPostgresDatabase, rps, startServer, stopServer, tokenFor } from './support/harness';

const TARGET = 0.25;

async function json<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

async function measure(label: string, env: Record<string, string>): Promise<number[]> {
  const staff = await tokenFor(env, DEMO_STAFF.email);
  const customer = await tokenFor(env);
  const server = await startServer('bench/support/bench-server.ts', env);
  try {
    // What the demo customer's own pages show: a PIN, an invoice number and the card's last four.
    const account = `${server.url}${API_ACCOUNT_BASE}`;
    const { users } = await json<{ users: { email: string; pin_number: string }[] }>(
      `${account}/users/`,
      customer,
    );
    const pin = users.find((u) => u.email === DEMO_SUB_USERS[0]!.email)!.pin_number;
    const { invoices } = await json<{ invoices: { number: string }[] }>(`${account}/invoices/`, customer);
    const { card_details } = await json<{ card_details: { last4: string } }>(`${account}/billing/`, customer);
    const search = (q: string) => `${server.url}${API_ADMIN_BASE}/accounts?q=${encodeURIComponent(q)}`;
    const { results } = await json<{ results: { account_id: string }[] }>(search('harbor'), staff);
    const routes: [string, string][] = [
      ['search by name', search('harbor & pine')],
      ['search by email', search(DEMO_SUB_USERS[0]!.email.toUpperCase())],
      ['search by PIN', search(pin)],
      ['search by invoice number', search(invoices[0]!.number.toLowerCase())],
      ['search by last four', search(card_details.last4)],
      ['account page', `${server.url}${API_ADMIN_BASE}/accounts/${results[0]!.account_id}`],
    ];
    const auth = { authorization: `Bearer ${staff}` };
    await rps(`${server.url}/bench/bare`); // warm-up
    const bare = await rps(`${server.url}/bench/bare`);
    console.log(`${label}: bare PK route ${bare} req/s`);
    const ratios: number[] = [];
    for (const [name, url] of routes) {
      const value = await rps(url, auth);
      ratios.push(value / bare);
      console.log(`  ${name}: ${value} req/s (ratio ${(value / bare).toFixed(2)})`);
    }
    return ratios;
  } finally {
    await stopServer(server.child);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'enq-bench-admin-'));
try {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const ratios = await measure('PGlite', env);
  if (process.env.DATABASE_URL) {
    const postgres = await freshPostgresDatabase(process.env.DATABASE_URL);
    try {
      ratios.push(...(await measure('PostgreSQL', { DATABASE_URL: postgres.url })));
    } finally {
      await postgres.drop();
    }
  }
  const worst = Math.min(...ratios);
  console.log(
    `worst ratio ${worst.toFixed(2)} (target >= ${TARGET}); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (worst < TARGET) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
