import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { issueApiTokenForEmail } from '../domain/auth/api-tokens';
import { failedWorkReport } from '../jobs/failed-work';
import { CONTROL_SECRET_HEADER, removeServerControl, writeServerControl } from './control-file';

const sameSecret = (given: string | string[] | undefined, secret: Buffer) => {
  const candidate = Buffer.from(typeof given === 'string' ? given : '');
  return candidate.length === secret.length && timingSafeEqual(candidate, secret);
};

const MAX_BODY = 4096;

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

const text = (res: ServerResponse, status: number, body: string) =>
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);

/**
 * The running server's side of `npm run backup`, `token` and `jobs` on the embedded database: a listener
 * of its own on 127.0.0.1 (never the public port, whatever HOST and the proxies say) that answers only
 * requests carrying the secret from the control file. PGlite belongs to this process, so a consistent
 * copy, a new token or the failed work can only come from here while it runs.
 *   POST /backup          a dump of the data dir (gzip)
 *   POST /token           {"email"}: an API token for that person (text)
 *   GET  /jobs/failed     the failed jobs and emails, a line each (text)
 */
export async function startControlListener(
  database: Database,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const dump = database.dumpDataDir?.bind(database);
  if (!dump) throw new Error('this database has no data dir to back up');
  const secret = randomBytes(32).toString('base64url');
  const secretBytes = Buffer.from(secret);

  async function backup(res: ServerResponse) {
    const started = performance.now();
    const body = Buffer.from(await (await dump!()).arrayBuffer());
    res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length });
    res.end(body);
    log.info({ bytes: body.length, ms: Math.round(performance.now() - started) }, 'backup written');
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const { email } = JSON.parse(await bodyOf(req)) as { email?: unknown };
    if (typeof email !== 'string') return text(res, 400, 'Say whose token: {"email": "…"}.');
    const issued = await issueApiTokenForEmail(database, email);
    if (!issued) return text(res, 404, `No person with the email ${email}.`);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(issued));
  }

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<unknown>> = {
    'POST /backup': (_req, res) => backup(res),
    'POST /token': token,
    'GET /jobs/failed': async (_req, res) =>
      text(res, 200, `${(await failedWorkReport(database)).join('\n')}\n`),
  };

  const server = createServer((req, res) => {
    const route = `${req.method} ${req.url}`;
    const handle = routes[route];
    if (!handle) return void res.writeHead(404).end();
    if (!sameSecret(req.headers[CONTROL_SECRET_HEADER], secretBytes)) return void res.writeHead(403).end();
    handle(req, res).catch((err: unknown) => {
      log.error({ err, route }, 'control request failed');
      if (!res.headersSent) text(res, 500, `${route} failed: see the server log`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  writeServerControl(dataDir, { pid: process.pid, port, secret });
  const removeControl = () => removeServerControl(dataDir);
  process.once('exit', removeControl);
  return async () => {
    process.off('exit', removeControl);
    removeControl();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
