// The parser ships no types: what the metrics test reads of its output (prom2json's shape).
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
