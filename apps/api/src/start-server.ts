import { buildApp } from './app';
import { startControlListener } from './control/control-listener';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError } from './db/lock';
import { mailViewerUrl } from './routes/site/mail';
import { signInBanner } from './startup/sign-in-banner';
import type { RunningTracing } from './tracing/start';

const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the server (server.ts, the entry, starts tracing first); exits the process when it cannot. */
export function startServer(tracing: RunningTracing | null): Promise<void> {
  return main(tracing).catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}

async function main(tracing: RunningTracing | null) {
  const startedAt = performance.now();
  const config = loadConfig();
  const app = await buildApp({ config });

  let stopControlListener: (() => Promise<void>) | undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    Promise.resolve(stopControlListener?.())
      .then(() => app.close())
      // The spans of the last requests and jobs, still held in the batch.
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The embedded database belongs to this process: backups, new tokens and the failed-work report of
  // the CLI come through it while it runs.
  if (config.database.kind === 'pglite') {
    stopControlListener = await startControlListener(app.database, config.database.dataDir, app.log);
  }
  app.log.info({ ms: Math.round(performance.now() - startedAt) }, 'ready');
  if (config.seedDemo && config.oidc.embedded) {
    const banner = await signInBanner(
      app.database,
      { portal: config.publicUrl, mail: mailViewerUrl(config) },
      config.env === 'production' ? null : app.telephonyServiceKey,
    );
    console.log(banner);
  }
}
