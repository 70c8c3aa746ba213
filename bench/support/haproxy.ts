// Debian's haproxy in front of portal processes, as a load balancer would be: started and stopped by
// the benchmark itself, on a temporary configuration, listening on 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './harness';

const READY_TIMEOUT_MS = 30_000;

export interface Proxy {
  url: string;
  stop(): Promise<void>;
}

/** Installs haproxy from Debian when it is missing (scripts/ensure-haproxy.sh) and says where it is. */
export function ensureHaproxy(): string {
  const installed = spawnSync('bash', ['scripts/ensure-haproxy.sh'], { cwd: repoRoot, stdio: 'inherit' });
  if (installed.status !== 0) throw new Error('haproxy is missing and could not be installed');
  return existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
}

/**
 * The configuration a load balancer in front of the portal needs (README, Behind a load balancer):
 * it appends the client to X-Forwarded-For, says the scheme in X-Forwarded-Proto, and sends traffic
 * only to portals whose /readyz answers.
 */
function configuration(port: number, backends: string[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    // The check's /readyz waits in the same queue as the load: at 200 connections on two cores it took
    // over 2 s (the default, the check interval) once, and a busy portal was taken out for a while.
    '  timeout check 5s',
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-header X-Forwarded-Proto http',
    '  default_backend portals',
    'backend portals',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    ...backends.map((address, i) => `  server portal${i + 1} ${address} check inter 2s`),
    '',
  ].join('\n');
}

export async function startHaproxy(binary: string, port: number, backends: string[]): Promise<Proxy> {
  const dir = mkdtempSync(join(tmpdir(), 'enq-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, configuration(port, backends));
  // -db: stay in the foreground, so this process owns it and its exit is seen.
  const child = spawn(binary, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`haproxy exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('haproxy did not pass requests on in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
