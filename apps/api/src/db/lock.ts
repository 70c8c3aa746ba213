import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DatabaseLockedError extends Error {}

interface LockInfo {
  pid: number;
  command: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
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
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'enq.lock');
  const info: LockInfo = {
    pid: process.pid,
    command: process.argv.slice(1).join(' ') || 'node',
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeFileSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readLock(path)?.pid === process.pid) unlinkSync(path);
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(path);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.startedAt}). ` +
            'Stop that process first, or use its API; set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      unlinkSync(path); // stale: its process is gone
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${dataDir}.`);
}
