/**
 * The server's entry. Tracing (off unless OTEL_EXPORTER_OTLP_ENDPOINT is set) starts first and the
 * server is imported only after: its instrumentation hooks node:http and pg as Fastify and the
 * database driver load them, which a static import would have done before any line here ran.
 */
import { startTracing } from './tracing/start';

const tracing = await startTracing();
const { startServer } = await import('./start-server');
await startServer(tracing);
