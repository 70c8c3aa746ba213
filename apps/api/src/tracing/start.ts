import type { IncomingMessage } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { loggableUrl } from '../logging';
import { setTracing, type SpanAttributes } from './spans';

/** Load balancers' and scrapers' probes: asked every few seconds, they would bury the traces. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
/** How long a stopping process waits for its last spans to be taken. */
const SHUTDOWN_FLUSH_MS = 3000;

export interface RunningTracing {
  /** Sends the spans still held, then stops. */
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry traces over OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT: a span per request, named
 * for its route and carrying its request id; a child per database statement and per outgoing HTTP
 * call; a span per job run. Unset, nothing loads: every OpenTelemetry module is imported here, on
 * demand. Called before the server's own modules are imported (server.ts), so the instrumentation
 * hooks node:http and pg as Fastify and the database driver load them.
 */
export async function startTracing(env = process.env): Promise<RunningTracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const [api, node, base, otlp, resources, instrumentation, http, undici, pg] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
  ]);

  const provider = new node.NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, when set, name the service instead.
    resource: new resources.Resource({ 'service.name': 'enq-portal' }).merge(
      resources.envDetectorSync.detect(),
    ),
    // The exporter reads the endpoint (adding /v1/traces), OTEL_EXPORTER_OTLP_HEADERS and the timeout;
    // the processor OTEL_BSP_SCHEDULE_DELAY and the other batch settings.
    spanProcessors: [new base.BatchSpanProcessor(new otlp.OTLPTraceExporter())],
  });
  provider.register();

  // As in the log: the path without its query (codes, filters) or a reset link's token.
  const pathOnly = (span: Span, request: IncomingMessage) => {
    const path = loggableUrl(request.url ?? '/');
    span.setAttribute('http.target', path);
    span.setAttribute('http.url', `http://${request.headers.host ?? 'localhost'}${path}`);
  };
  instrumentation.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!),
        requireParentforOutgoingSpans: true,
        requestHook: (span, request) => {
          // An incoming request (an outgoing one, a ClientRequest, has no httpVersion).
          if ('httpVersion' in request) pathOnly(span, request);
        },
      }),
      new undici.UndiciInstrumentation({ requireParentforSpans: true }),
      // Statement texts only, never their values; the queue's polling (no parent) makes no trace.
      new pg.PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    ],
  });

  const tracer = api.trace.getTracer('enq-portal');
  const inSpan = <T>(name: string, attributes: SpanAttributes, work: () => Promise<T>) =>
    tracer.startActiveSpan(name, { attributes }, async (span) => {
      try {
        return await work();
      } catch (error) {
        // The kind of failure only: a message can carry the values the log blanks.
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error)?.name ?? 'Error' });
        throw error;
      } finally {
        span.end();
      }
    });
  setTracing({
    inSpan,
    inChildSpan: (name, attributes, work) =>
      api.trace.getActiveSpan() ? inSpan(name, attributes(), work) : work(),
    nameRequest(method, route, requestId) {
      const span = api.trace.getActiveSpan();
      if (!span) return;
      span.setAttribute('request_id', requestId);
      if (route === undefined) return;
      // The HTTP instrumentation names the span "<method>" alone; the route makes it findable.
      span.setAttribute('http.route', route);
      span.updateName(`${method} ${route}`);
    },
    logFields() {
      const span = api.trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
  });
  return {
    // Bounded: a receiver that is down must not hold the process past its shutdown grace.
    shutdown: () =>
      Promise.race([
        provider.shutdown(),
        new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_FLUSH_MS).unref()),
      ]),
  };
}
