import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DatabaseLockedError extends Error {}

interface LockInfo {
  pid: number;
  command: string;
  startedAt: string;
}

/** Whether process `pid` still runs (EPERM: it does, under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/**
 * PGlite is a single-process database: two processes opening the same files corrupt them. A lock file
 * with the holder's pid keeps a second server or CLI out; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  // Owner-only: the embedded database's files are nobody else's business (see owner-only.ts).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, 'enq.lock');
  const info: LockInfo = {
    pid: process.pid,
    command: process.argv.slice(1).join(' ') || 'node',
    startedAt: new Date().toISOString(),
  };
  // Written whole under a private name, then linked into place: the link fails if the lock exists, and
  // a process starting at the same moment never reads an empty lock file and takes it for a stale one.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(info), { mode: 0o600 });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      linkSync(draft, path);
      unlinkSync(draft);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // A process opens databases many times over (the tests do): a released lock leaves no listener.
        process.off('exit', release);
        if (readLock(path)?.pid === process.pid) unlinkSync(path);
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        unlinkSync(draft);
        throw error;
      }
      const holder = readLock(path);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        unlinkSync(draft);
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.startedAt}). ` +
            'Stop that process first, or use its API; set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      unlinkSync(path); // stale: its process is gone
    }
  }
  unlinkSync(draft);
  throw new DatabaseLockedError(`Could not lock the embedded database in ${dataDir}.`);
}
