import { API_ACCOUNT_BASE, SERVICE_KEY_HEADER, TELEPHONY_AUTHORIZE_PATH } from '@enq/contract';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { customerToken } from '../../helpers/staff';

const METRICS_TOKEN = 'metrics_token_for_the_test_0123456789';
const SERVICE_KEY = 'svc_test_key_that_is_long_enough_123';

/** A family as the parser gives it: a counter's or gauge's samples have a value, a histogram's a count. */
type Family = {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string; count?: string }[];
};

describe.each(drivers)('the metrics page (%s)', (driver) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp(driver, { METRICS_TOKEN, TELEPHONY_SERVICE_KEY: SERVICE_KEY });
    ({ token } = await customerToken(ctx.database, DEMO_ADMIN.email));
  });
  afterAll(() => ctx?.close());

  /** The page read from this machine, parsed by a Prometheus text parser nobody here wrote. */
  async function scrape(): Promise<[Family[], string]> {
    const response = await ctx.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return [parsePrometheusTextFormat(response.body) as Family[], response.body];
  }
  /** The sum of a family's samples (a histogram's counts) whose labels include `labels`. */
  const sum = (families: Family[], name: string, labels: Record<string, string> = {}) =>
    (families.find((f) => f.name === name)?.metrics ?? [])
      .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
      .reduce((total, m) => total + Number(m.value ?? m.count ?? 0), 0);

  it('only the operator reads it: another address gets 404 unless it brings METRICS_TOKEN', async () => {
    const from = (remoteAddress: string, authorization?: string) =>
      ctx.app.inject({
        url: '/metrics',
        remoteAddress,
        ...(authorization ? { headers: { authorization } } : {}),
      });
    expect((await from('203.0.113.7')).statusCode).toBe(404);
    expect((await from('203.0.113.7', `Bearer ${METRICS_TOKEN.slice(0, -1)}x`)).statusCode).toBe(404);
    expect((await from('203.0.113.7', `Bearer ${METRICS_TOKEN}`)).statusCode).toBe(200);
    expect((await from('127.0.0.1')).statusCode).toBe(200);
  });

  it('the counters move by what was done: requests by route and status, authorize decisions, an email, a payment', async () => {
    const [before, beforeText] = await scrape();
    const overview = () =>
      ctx.app.inject({ url: `${API_ACCOUNT_BASE}/`, headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 3; i++) expect((await overview()).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `${API_ACCOUNT_BASE}/` })).statusCode).toBe(401);
    const authorize = (pin: string) =>
      ctx.app.inject({
        url: `${TELEPHONY_AUTHORIZE_PATH}?pin=${pin}`,
        headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY },
      });
    expect((await authorize('000000001')).json()).toEqual({ allowed: false, reason: 'unknown PIN' });
    await ctx.app.mailer.send({ kind: 'test', to: 'metrics@example.com', subject: 'Hello', text: 'Hello' });
    const { invoices } = (
      await ctx.app.inject({
        url: `${API_ACCOUNT_BASE}/invoices/`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as { invoices: { id: string; status: string }[] };
    const open = invoices.find((invoice) => invoice.status === 'open')!;
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}/invoices/pay/`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'metrics-pay-0001' },
      payload: { invoice_id: open.id },
    });
    expect(paid.statusCode).toBeLessThan(500);

    const [after, afterText] = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sum(after, name, labels) - sum(before, name, labels);
    expect(moved('enq_http_requests_total', { route: API_ACCOUNT_BASE, status: '200' })).toBe(3);
    expect(moved('enq_http_requests_total', { route: API_ACCOUNT_BASE, status: '401' })).toBe(1);
    // The parser keeps a labelled histogram's buckets but not its labels: its type here, its count below.
    expect(after.find((f) => f.name === 'enq_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const timed = (text: string) =>
      Number(
        new RegExp(
          `^enq_http_request_duration_seconds_count\\{method="GET",route="${API_ACCOUNT_BASE}",status="200"\\} (\\d+)$`,
          'm',
        ).exec(text)?.[1] ?? 0,
      );
    expect(timed(afterText) - timed(beforeText)).toBe(3);
    expect(moved('enq_authorize_decisions_total', { decision: 'refused', reason: 'unknown PIN' })).toBe(1);
    expect(moved('enq_outbox_emails')).toBeGreaterThanOrEqual(1);
    expect(moved('enq_payment_attempts')).toBe(1);
    // The job queue is read too: the email asked for a delivery run.
    expect(after.find((f) => f.name === 'enq_jobs')?.type).toBe('GAUGE');
    expect(sum(after, 'enq_jobs')).toBeGreaterThan(0);
    // And the process's own.
    expect(sum(after, 'enq_process_resident_memory_bytes')).toBeGreaterThan(0);
    if (driver === 'postgres')
      expect(sum(after, 'enq_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
  });
});

describe('METRICS=off', () => {
  it('has no metrics page, and the telephony API still answers', async () => {
    const ctx = await createTestApp('pglite', { METRICS: 'off', TELEPHONY_SERVICE_KEY: SERVICE_KEY });
    try {
      // Not a page of the portal: sent to its start, as any unknown path (SHELL-14).
      const metrics = await ctx.app.inject({ url: '/metrics' });
      expect(metrics.statusCode).toBe(308);
      expect(metrics.body).not.toContain('enq_');
      const authorize = await ctx.app.inject({
        url: `${TELEPHONY_AUTHORIZE_PATH}?pin=000000001`,
        headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY },
      });
      expect(authorize.json()).toEqual({ allowed: false, reason: 'unknown PIN' });
    } finally {
      await ctx.close();
    }
  });
});
