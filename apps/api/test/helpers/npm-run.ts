import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { seededDatabaseCopy } from './app';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * A CLI process opens, migrates and seeds the embedded database: about 15 s on a calm two-core
 * machine for an empty data dir, and several times that while other test files run beside it.
 * A test allows this much for each process it runs.
 */
export const CLI_PROCESS_TIMEOUT_MS = 120_000;

export interface NpmRunResult {
  status: number | null;
  stdout: string;
  stderr: string;
  lastLine: string;
}

/**
 * `npm run <script> -- <args>` on the embedded database in `dataDir`, as a user types it. Spawned
 * without blocking, so the test runner's own timers and other work keep running meanwhile.
 */
export function npmRun(script: string, dataDir: string, ...args: string[]): Promise<NpmRunResult> {
  return npmRunWithEnv({}, script, dataDir, ...args);
}

/** `npmRun` with settings of its own in the environment (SELLER_NAME, TAX_RATE_PERCENT, ...). */
export function npmRunWithEnv(
  env: Record<string, string>,
  script: string,
  dataDir: string,
  ...args: string[]
): Promise<NpmRunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: CLI_PROCESS_TIMEOUT_MS, // killed then, so a timed-out test leaves no process behind
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) =>
      resolve({ status, stdout, stderr, lastLine: stdout.trim().split('\n').at(-1) ?? '' }),
    );
  });
}

/**
 * A PGlite data dir as the app's first start leaves it, demo seeded (a copy of the seeded template),
 * made before the file's tests and removed after the `afterAll` hooks registered later (Vitest runs
 * them in reverse), so a server a test started there is stopped first: for commands run on a portal's
 * data (token.test.ts runs that first start itself, from an empty dir). Read `path` in tests.
 */
export function seededDataDir(): { readonly path: string } {
  let copy: Awaited<ReturnType<typeof seededDatabaseCopy>> | undefined;
  beforeAll(async () => {
    copy = await seededDatabaseCopy('pglite');
  });
  afterAll(() => copy?.drop());
  return {
    get path() {
      if (!copy) throw new Error('seededDataDir().path is there only once beforeAll has run');
      return copy.env.DATA_DIR!;
    },
  };
}
