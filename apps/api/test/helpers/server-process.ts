import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '../../build';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A server's first start on an empty database (migrations, demo history) on a busy two-core machine. */
export const SERVER_START_TIMEOUT_MS = 180_000;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves once /readyz answers 200; rejects with the output if the process exits first. */
  ready: Promise<void>;
  /** The exit code, once the process has ended (for a process that is expected to refuse). */
  exited: Promise<number | null>;
  /** SIGTERM, as Ctrl-C would: the server closes gracefully. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The environment a server process listening on 127.0.0.1:`port` runs with (tests and benchmarks). */
export const localServerEnv = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
});

/** How `npm start` runs the server, after building it (server-bundle.ts builds it for each test run). */
export const serverCommand = ['--enable-source-maps', serverBundle];

/** The real server process, as `npm start` runs it, on a free port of 127.0.0.1. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, serverCommand, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...localServerEnv(port),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Killed then at the latest, so a failed test leaves no process behind.
    timeout: 2 * SERVER_START_TIMEOUT_MS,
  });
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const ready = (async () => {
    const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
    let gone = false;
    void exited.then(() => (gone = true));
    for (;;) {
      if (gone)
        throw new Error(
          `server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready:\n${output}`,
        );
      try {
        if ((await fetch(`${url}/readyz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server not ready in time:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  ready.catch(() => undefined); // a caller that expects a refusal awaits `exited` instead

  return {
    url,
    child,
    output: () => output,
    ready,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
