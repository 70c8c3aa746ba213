// bench/load: several portal processes on one PostgreSQL server behind a load balancer (Debian's
// haproxy, started here on a temporary configuration), 200 concurrent connections for 60 s over a
// signed-in mix: the overview, billing, call-history pages, users, invoices and an invoice PDF. Prints
// requests per second, p50/p99 latency and errors (target 0) for two processes, then for one process
// behind the same proxy with the same mix, and last the ratio of two to one.
// Run: DATABASE_URL=postgres://... npm run bench:load  (BENCH_LOAD_SECONDS=15 for a shorter run)
// Traffic goes to 127.0.0.1 only; each measurement is one autocannon run of a fixed duration.
import autocannon from 'autocannon';
import { freePort } from '../apps/api/test/helpers/server-process';
import {
  freshPostgresDatabase,
  startServer,
  stopServer,
  tokenFor,
  type BenchServer,
} from './support/harness';
import { ensureHaproxy, startHaproxy } from './support/haproxy';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = 200;
const WARM_UP_SECONDS = Math.min(5, Math.ceil(SECONDS / 4));
const SERVER = 'apps/api/src/server.ts';

if (!process.env.DATABASE_URL) {
  console.error('bench/load needs a PostgreSQL server: DATABASE_URL=postgres://... npm run bench:load');
  process.exit(1);
}
if (!Number.isInteger(SECONDS) || SECONDS < 1 || SECONDS > 600) {
  console.error('BENCH_LOAD_SECONDS must be a whole number of seconds from 1 to 600');
  process.exit(1);
}

/** What a signed-in person's pages ask for, in proportion: the overview most, a PDF now and then. */
function signedInMix(invoiceId: string): autocannon.Request[] {
  const now = Math.floor(Date.now() / 1000);
  const calls = (page: number) =>
    `/api/v1/account/calls/?timestampFrom=${now - 90 * 86_400}&timestampTo=${now}&page=${page}`;
  return [
    '/api/v1/account/',
    '/api/v1/account/billing/',
    calls(1),
    '/api/v1/account/users/',
    '/api/v1/account/',
    '/api/v1/account/invoices/',
    calls(2),
    '/api/v1/account/billing/',
    '/api/v1/account/users/',
    `/api/v1/account/invoices/download/?invoice_id=${invoiceId}`,
  ].map((path) => ({ method: 'GET', path }));
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  socketErrors: number;
}

async function measure(
  haproxy: string,
  proxyPort: number,
  portals: BenchServer[],
  headers: Record<string, string>,
  requests: autocannon.Request[],
): Promise<Figures> {
  const proxy = await startHaproxy(
    haproxy,
    proxyPort,
    portals.map((p) => new URL(p.url).host),
  );
  try {
    // Every page of the mix answers through the proxy before any figure is taken.
    for (const { path } of requests) {
      const response = await fetch(`${proxy.url}${path}`, { headers });
      if (!response.ok) throw new Error(`GET ${path} through the proxy answered ${response.status}`);
      await response.arrayBuffer();
    }
    const run = (duration: number) =>
      autocannon({ url: proxy.url, connections: CONNECTIONS, duration, headers, requests });
    await run(WARM_UP_SECONDS);
    const result = await run(SECONDS);
    return {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      socketErrors: result.errors,
    };
  } finally {
    await proxy.stop();
  }
}

const describe = (label: string, f: Figures) =>
  `${label}: ${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.non2xx + f.socketErrors} errors ` +
  `(${f.non2xx} non-2xx, ${f.socketErrors} socket) of ${f.requests} requests`;

async function main() {
  const haproxy = ensureHaproxy();
  const database = await freshPostgresDatabase(process.env.DATABASE_URL!);
  const proxyPort = await freePort();
  // The proxy is the only way in: URLs the portal publishes name it, and it is the one proxy to trust.
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: 'loopback',
  };
  const portals: BenchServer[] = [];
  try {
    // Both start at once on the empty database: the start-up lock lets one seed the demo.
    portals.push(...(await Promise.all([startServer(SERVER, env), startServer(SERVER, env)])));
    const token = await tokenFor(env);
    const headers = { authorization: `Bearer ${token}` };
    const { invoices } = (await (
      await fetch(`${portals[0]!.url}/api/v1/account/invoices/`, { headers })
    ).json()) as { invoices: { id: string }[] };
    const requests = signedInMix(invoices[0]!.id);
    console.log(
      `bench/load: ${CONNECTIONS} connections for ${SECONDS} s (after ${WARM_UP_SECONDS} s of warm-up) through ` +
        `haproxy, TRUST_PROXY=${env.TRUST_PROXY}, a mix of ${requests.length} signed-in requests`,
    );

    const two = await measure(haproxy, proxyPort, portals, headers, requests);
    console.log(describe('2 processes', two));
    await stopServer(portals.pop()!.child);
    const one = await measure(haproxy, proxyPort, portals, headers, requests);
    console.log(describe('1 process  ', one));

    const errors = two.non2xx + two.socketErrors + one.non2xx + one.socketErrors;
    console.log(
      `load: 2 processes ${two.rps} req/s, 1 process ${one.rps} req/s ` +
        `(ratio ${(two.rps / one.rps).toFixed(2)}, ${errors} errors, target 0)`,
    );
    if (errors > 0) process.exitCode = 1;
  } finally {
    await Promise.all(portals.map((p) => stopServer(p.child)));
    await database.drop();
  }
}

await main();
