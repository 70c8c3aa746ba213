import { isAlive } from '../db/lock';
import { CONTROL_SECRET_HEADER, readServerControl } from './control-file';

/**
 * A request to the server running on the embedded database in `dataDir`, through its control listener;
 * null when none runs (no control file, or one left by a server that was killed and whose pid has
 * since gone or been taken by a process that does not listen there).
 */
export async function askRunningServer(
  dataDir: string,
  path: string,
  init: { method: 'GET' | 'POST'; body?: object } = { method: 'GET' },
): Promise<{ response: Response; pid: number } | null> {
  const control = readServerControl(dataDir);
  if (!control || !isAlive(control.pid)) return null;
  try {
    const response = await fetch(`http://127.0.0.1:${control.port}${path}`, {
      method: init.method,
      headers: {
        [CONTROL_SECRET_HEADER]: control.secret,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    return { response, pid: control.pid };
  } catch {
    return null;
  }
}
