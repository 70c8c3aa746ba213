import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, acquireDataDirLock } from '../../src/db/lock';

describe('embedded database lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'enq-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('refuses a second process at once, naming the process that holds the database', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(
        join(dir, 'enq.lock'),
        JSON.stringify({ pid: holder.pid, command: 'enq server', startedAt: 'earlier' }),
      );
      expect(() => acquireDataDirLock(dir)).toThrow(DatabaseLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(
        new RegExp(`in use by process ${holder.pid} \\(enq server`),
      );
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that has died, and releases it', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'enq.lock'),
      JSON.stringify({ pid: 2 ** 22 + 1, command: 'gone', startedAt: 'earlier' }),
    );
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(join(dir, 'enq.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(() => readFileSync(join(dir, 'enq.lock'))).toThrow();
  });

  it('leaves no exit listener behind once released, however often a process opens a database', () => {
    const dir = tempDir();
    const before = process.listenerCount('exit');
    for (let i = 0; i < 12; i++) acquireDataDirLock(dir)();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
