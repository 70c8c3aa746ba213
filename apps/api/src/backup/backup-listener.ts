import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { BACKUP_SECRET_HEADER, removeBackupControl, writeBackupControl } from './control-file';

const sameSecret = (given: string | string[] | undefined, secret: Buffer) => {
  const candidate = Buffer.from(typeof given === 'string' ? given : '');
  return candidate.length === secret.length && timingSafeEqual(candidate, secret);
};

/**
 * The running server's side of `npm run backup` on the embedded database: a listener of its own on
 * 127.0.0.1 (never the public port, whatever HOST and the proxies say) that answers `POST /backup`
 * carrying the secret from the control file with a dump of the data dir. PGlite belongs to this
 * process, so a consistent copy can only come from here.
 */
export async function startBackupListener(
  database: Database,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const dump = database.dumpDataDir?.bind(database);
  if (!dump) throw new Error('this database has no data dir to back up');
  const secret = randomBytes(32).toString('base64url');
  const secretBytes = Buffer.from(secret);
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    if (!sameSecret(req.headers[BACKUP_SECRET_HEADER], secretBytes)) {
      res.writeHead(403).end();
      return;
    }
    const started = performance.now();
    dump()
      .then(async (blob) => {
        const body = Buffer.from(await blob.arrayBuffer());
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length });
        res.end(body);
        log.info({ bytes: body.length, ms: Math.round(performance.now() - started) }, 'backup written');
      })
      .catch((err: unknown) => {
        log.error({ err }, 'backup failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('backup failed: see the server log');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  writeBackupControl(dataDir, { pid: process.pid, port, secret });
  const removeControl = () => removeBackupControl(dataDir);
  process.once('exit', removeControl);
  return async () => {
    removeControl();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
