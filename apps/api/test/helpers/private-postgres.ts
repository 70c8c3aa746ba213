import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/**
 * A PostgreSQL cluster of a test's own, in a temporary directory on a free port, so the test may stop
 * and start it. Never the shared server the other tests use (scripts/ensure-postgres.sh).
 */
export interface PrivatePostgres {
  url: string;
  /** pg_ctl stop -m immediate: the server goes away as in a crash, connections and all. */
  stop(): void;
  /** Starts it again on the same port and data; returns once it accepts connections. */
  start(): void;
  /** Stops it if running and deletes its directory. */
  destroy(): void;
}

const binDir = () => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  return join('/usr/lib/postgresql', versions.at(-1)!, 'bin');
};

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres OS user. */
function run(tool: string, args: string[]) {
  const command = join(binDir(), tool);
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
    stdio: 'pipe',
    timeout: 120_000,
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'enq-private-pg-'));
  const dataDir = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const id = (name: string) => Number(execFileSync('id', [name, 'postgres']).toString().trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['start', '-w', '-D', dataDir, '-l', join(dir, 'log'), '-o', options]);
  const stop = () => run('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', dataDir]);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      stop();
      running = false;
    },
    start() {
      start();
      running = true;
    },
    destroy() {
      if (running) stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
