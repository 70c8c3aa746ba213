import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser, watchPageProblems, type Browser, type BrowserContext, type Page } from './browser';
import { startServer, type RunningServer } from './server';

export interface JourneyOptions {
  /** The page's window; 1280 × 900 unless told. */
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
  /** Browser permissions granted to the server's origin (the clipboard, say). */
  permissions?: string[];
  /** `false` for a file that opens its own contexts: no shared context and page. */
  page?: boolean;
  /**
   * More settings for the server, read when it starts: a file's own `beforeAll`, registered before
   * `useJourney`, may fill them in first (a local SMTP server's port, say).
   */
  env?: Record<string, string>;
}

/** What a journey file works with; filled in by the `beforeAll` of `useJourney`. */
export interface Journey {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** The data directory the server runs on: the journey's own copy of the seeded one, kept across restarts. */
  readonly dataDir: string;
  /** Uncaught errors and Content-Security-Policy refusals on the journey's pages. */
  readonly problems: string[];
  /** Collects another page's problems into `problems` too. */
  watch(page: Page): void;
  /** Stops the server (if it still runs) and starts a new process on the same data. */
  restartServer(): Promise<void>;
}

/**
 * One real server and one Chromium for a journey file (with a context and page unless `page: false`):
 * started before its tests, stopped after them. Read the parts inside tests: `const { page, server } = journey`.
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  const journey = new RunningJourney(options);
  beforeAll(() => journey.start());
  afterAll(() => journey.stop());
  return journey;
}

class RunningJourney implements Journey {
  readonly problems: string[] = [];
  readonly #options: JourneyOptions;
  #dataDir?: string;
  #server?: RunningServer;
  #browser?: Browser;
  #context?: BrowserContext;
  #page?: Page;

  constructor(options: JourneyOptions) {
    this.#options = options;
  }

  get server() {
    return ready(this.#server, 'server');
  }
  get browser() {
    return ready(this.#browser, 'browser');
  }
  get context() {
    return ready(this.#context, 'context');
  }
  get page() {
    return ready(this.#page, 'page');
  }
  get dataDir() {
    return ready(this.#dataDir, 'dataDir');
  }

  watch(page: Page) {
    watchPageProblems(page, this.problems);
  }

  async restartServer() {
    await this.server.stop();
    this.#server = await startServer(this.dataDir, this.#options.env);
  }

  async start() {
    const { viewport = { width: 1280, height: 900 }, acceptDownloads, permissions } = this.#options;
    // Migrated and seeded before the server starts (support/seeded-template.ts), so the server opens it
    // ready: on a busy two-core machine a first start's migrations and seed can outlast its timeout.
    this.#dataDir = mkdtempSync(join(tmpdir(), 'enq-e2e-seeded-'));
    cpSync(inject('seededDataDir'), this.#dataDir, { recursive: true });
    // Kept as each one is ready, so that `stop` ends whichever started when the other did not.
    const started = await Promise.allSettled([
      startServer(this.#dataDir, this.#options.env).then((server) => (this.#server = server)),
      launchBrowser().then((browser) => (this.#browser = browser)),
    ]);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    if (this.#options.page === false) return;
    this.#context = await this.browser.newContext({ viewport, acceptDownloads });
    if (permissions) await this.#context.grantPermissions(permissions, { origin: this.server.url });
    this.#page = await this.#context.newPage();
    this.watch(this.#page);
  }

  async stop() {
    const server = this.#server;
    // A server that died mid-run explains every later failure: show why (a graceful stop exits with 0).
    if (server && server.process.exitCode !== null && server.process.exitCode !== 0)
      console.error(`server exited:\n${server.output()}`);
    await this.#browser?.close();
    await server?.stop();
    if (this.#dataDir) rmSync(this.#dataDir, { recursive: true, force: true });
  }
}

function ready<T>(part: T | undefined, name: string): T {
  if (part === undefined)
    throw new Error(`journey.${name} is there only inside tests, once beforeAll has run`);
  return part;
}
