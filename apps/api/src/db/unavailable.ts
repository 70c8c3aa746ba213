/**
 * Whether an error means the database could not be reached or went away (stopped, restarting,
 * unreachable, out of connections), as opposed to a statement it refused. Such a request may simply be
 * tried again a little later: the API answers it 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Node's socket errors: the server is not listening, or the connection broke.
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code))
      return true;
    // SQLSTATE class 08 (connection exception); 57P01-57P03 (shutting down, crashed, starting up);
    // 53300 (too many connections).
    if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  }
  // node-postgres says these in words only: a connection ended, a connect or query that ran out of time.
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection refused/i.test(
    error.message,
  );
}
