import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How `npm run backup`, `token` and `jobs` reach a running server on the embedded database (PGlite
 * belongs to one process): the server writes this file into the data dir (the same directory its lock
 * file is in), readable by its owner only, with the loopback port of its control listener and a secret
 * that listener asks for.
 */
export interface ServerControl {
  pid: number;
  port: number;
  secret: string;
}

export const CONTROL_SECRET_HEADER = 'x-enq-control-secret';

const controlPath = (dataDir: string) => join(dataDir, 'enq-control.json');

export function writeServerControl(dataDir: string, control: ServerControl): void {
  writeFileSync(controlPath(dataDir), JSON.stringify(control), { mode: 0o600 });
  chmodSync(controlPath(dataDir), 0o600); // an older file keeps its mode through writeFileSync
}

export function readServerControl(dataDir: string): ServerControl | null {
  try {
    return JSON.parse(readFileSync(controlPath(dataDir), 'utf8')) as ServerControl;
  } catch {
    return null;
  }
}

/** Removes the file if it is this process's (a newer server's file is left alone). */
export function removeServerControl(dataDir: string): void {
  if (readServerControl(dataDir)?.pid === process.pid) rmSync(controlPath(dataDir), { force: true });
}

/** `data-backup-2026-11-24T19-50-00Z.tar.gz`: sorts by time, and has no colon for any file system. */
export function backupFileName(at: Date): string {
  return `data-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}
