import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Milliseconds to the status line. */
  ms: number;
}

export interface RawRequest {
  method?: string;
  /** Sent exactly as written: `//evil.example/x`, `/\evil.example/x`, `/%6Fidc/…` (inject would resolve them). */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One HTTP request to a listening app over its own socket, as a client could write it. Resolves null
 * when no status line came within `timeoutMs` (the socket is then closed): a request nobody answers.
 */
export function rawRequest(port: number, req: RawRequest, timeoutMs = 2000): Promise<RawAnswer | null> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { host: 'localhost:8080', ...req.headers };
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method ?? 'GET',
        path: req.path,
        headers,
        agent: false,
        setHost: false,
      },
      (res) => {
        const ms = performance.now() - started;
        clearTimeout(timer);
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            ms,
          }),
        );
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      resolve(null);
    }, timeoutMs);
    // After a timeout the promise is already settled (null): the error of the closed socket is moot.
    outgoing.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    outgoing.end(req.body);
  });
}

/** Starts the app on a free loopback port and returns the port. */
export async function listenOnLoopback(app: { listen(o: { port: number; host: string }): Promise<string> }) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return Number(new URL(address).port);
}
