/**
 * What the app asks of tracing, with no OpenTelemetry import: tracing is off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and then `start.ts` (loaded by the server entry before anything
 * it instruments) fills this in. Off, each call below is one null check and OpenTelemetry never loads.
 */
export interface Tracing {
  /** `work` in a span (a child of the active one), ended when it settles and marked failed when it throws. */
  inSpan<T>(name: string, attributes: SpanAttributes, work: () => Promise<T>): Promise<T>;
  /** `work` in a span only inside a trace (a request's or a job's): the queue's polling makes none. */
  inChildSpan<T>(name: string, attributes: () => SpanAttributes, work: () => Promise<T>): Promise<T>;
  /** Names the request's server span for its route and gives it the request id, found in the log. */
  nameRequest(method: string, route: string | undefined, requestId: string): void;
  /** The active trace's ids, for the log line: the trace found from a line, and a line from a trace. */
  logFields(): { trace_id?: string; span_id?: string };
}

export type SpanAttributes = Record<string, string | number | boolean>;

let active: Tracing | null = null;

/** The running tracing, or null when it is off. */
export const tracing = (): Tracing | null => active;

export function setTracing(value: Tracing | null): void {
  active = value;
}

/** A database statement's span (on PGlite: PostgreSQL's are made by the pg instrumentation). */
export function tracedStatement<T>(system: string, text: string, work: () => Promise<T>): Promise<T> {
  if (!active) return work();
  return active.inChildSpan(
    `${system}.query:${/^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL'}`,
    // The statement's text, never its parameters: values stay out of traces as out of logs.
    () => ({ 'db.system': 'postgresql', 'db.statement': text }),
    work,
  );
}
