import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How `npm run backup` reaches a running server: the server writes this file into the data dir (the
 * same directory its lock file is in), readable by its owner only, with the loopback port of its backup
 * listener and a secret that listener asks for.
 */
export interface BackupControl {
  pid: number;
  port: number;
  secret: string;
}

export const BACKUP_SECRET_HEADER = 'x-enq-backup-secret';

const controlPath = (dataDir: string) => join(dataDir, 'enq-backup.json');

export function writeBackupControl(dataDir: string, control: BackupControl): void {
  writeFileSync(controlPath(dataDir), JSON.stringify(control), { mode: 0o600 });
  chmodSync(controlPath(dataDir), 0o600); // an older file keeps its mode through writeFileSync
}

export function readBackupControl(dataDir: string): BackupControl | null {
  try {
    return JSON.parse(readFileSync(controlPath(dataDir), 'utf8')) as BackupControl;
  } catch {
    return null;
  }
}

/** Removes the file if it is this process's (a newer server's file is left alone). */
export function removeBackupControl(dataDir: string): void {
  if (readBackupControl(dataDir)?.pid === process.pid) rmSync(controlPath(dataDir), { force: true });
}

/** `data-backup-2026-11-24T19-50-00Z.tar.gz`: sorts by time, and has no colon for any file system. */
export function backupFileName(at: Date): string {
  return `data-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}
