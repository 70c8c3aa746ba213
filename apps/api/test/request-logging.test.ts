import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { openTestDatabase, testConfig } from './helpers/app';

/** The app at `level`, its log lines parsed; one request to a route that answers and one that fails. */
async function logOf(level: 'info' | 'debug') {
  const lines: { msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as { msg: string });
      done();
    },
  });
  const database = await openTestDatabase('pglite');
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: level }),
    database,
    logger: { level, stream },
    scheduleJobs: false,
  });
  app.get('/test-fails', async () => {
    throw new Error('boom');
  });
  await app.ready();
  expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  expect((await app.inject({ url: '/test-fails' })).statusCode).toBe(500);
  await app.close();
  await database.close();
  app = null;
  return lines.map((l) => l.msg);
}

let app: App | null = null;
afterEach(async () => {
  await app?.close();
});

describe('the request log', () => {
  it('at info says nothing of requests that went well, and still logs a failure', async () => {
    const messages = await logOf('info');
    expect(messages).not.toContain('incoming request');
    expect(messages).not.toContain('request completed');
    expect(messages).toContain('request failed');
  });

  it('at debug has a line for each request and its answer', async () => {
    const messages = await logOf('debug');
    expect(messages.filter((m) => m === 'incoming request')).toHaveLength(2);
    expect(messages.filter((m) => m === 'request completed')).toHaveLength(2);
  });
});
