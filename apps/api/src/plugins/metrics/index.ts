import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DomainError } from '../../domain/errors';
import { jobCounts, outboxCounts, paymentCounts, type CountRow } from './backlog-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a telephony authorize decision (the route's answer) on the metrics page. */
    countAuthorizeDecision(allowed: boolean, reason: string | null): void;
  }
}

export const METRICS_PATH = '/metrics';

/** The operator's network (METRICS_ALLOW) or the METRICS_TOKEN reads the page; nobody else. */
function metricsGuard(allow: string[], token: string | undefined) {
  const list = new BlockList();
  for (const entry of allow) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return (req: FastifyRequest) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (expected && given.length === expected.length && timingSafeEqual(given, expected)) return true;
    // An IPv4 client on a dual-stack socket is written ::ffff:a.b.c.d.
    const ip = req.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
    return list.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
  };
}

/** Sets a labelled gauge to this scrape's counts, zeroing the labels that no longer have any. */
function setCounts(gauge: Gauge<'queue' | 'state'> | Gauge<'state'>, rows: CountRow[], byQueue: boolean) {
  gauge.reset();
  for (const row of rows)
    (gauge as Gauge<string>).set(
      byQueue ? { queue: row.label, state: row.state } : { state: row.state },
      row.n,
    );
}

/**
 * `/metrics` in Prometheus' text format (prom-client): requests by route and status with their
 * latency, authorize decisions by reason (counted by this process), and, read from the database at each
 * scrape, the job queue by state, the outbox by status and payment attempts by outcome, the pool's
 * connections, and the process's own (CPU, memory, event-loop lag). docs/scaling.md says what to alert on.
 */
async function metricsPlugin(app: FastifyInstance) {
  if (!app.config.metrics.enabled) {
    app.decorate('countAuthorizeDecision', () => undefined);
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'enq_' });
  const requests = new Counter({
    name: 'enq_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'enq_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const decisions = new Counter({
    name: 'enq_authorize_decisions_total',
    help: 'Telephony authorize decisions answered by this process, by decision and reason',
    labelNames: ['decision', 'reason'],
    registers: [registry],
  });
  const database = () => app.database;
  new Gauge({
    name: 'enq_jobs',
    help: 'Background jobs by queue and state (created, retry, active, completed, failed ...)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      setCounts(this, await jobCounts(database()), true);
    },
  });
  new Gauge({
    name: 'enq_outbox_emails',
    help: 'Emails in the outbox by status: queued and sending are the backlog, failed gave up',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      setCounts(this, await outboxCounts(database()), false);
    },
  });
  new Gauge({
    name: 'enq_payment_attempts',
    help: 'Payment attempts by outcome (pending, succeeded, failed)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      setCounts(this, await paymentCounts(database()), false);
    },
  });
  new Gauge({
    name: 'enq_db_pool_connections',
    help: "The PostgreSQL pool's connections: open, idle, and requests waiting for one",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database().poolStats?.();
      if (!stats) return;
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  app.decorate('countAuthorizeDecision', (allowed: boolean, reason: string | null) => {
    decisions.inc({ decision: allowed ? 'allowed' : 'refused', reason: reason ?? 'none' });
  });

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, not the path: /users/:id is one series, whatever the id.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    const labels = { method: req.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const allowed = metricsGuard(app.config.metrics.allow, app.config.metrics.token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!allowed(req)) throw new DomainError('not-found', 'Not found.');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
