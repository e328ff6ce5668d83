import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vahti-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const holder = (pid: number, host = hostname()) =>
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ pid, host, purpose: 'Vahti server', since: '2026-11-26T04:00:00.000Z' }),
  );

describe('the PGlite data-directory lock', () => {
  it('lets one holder in at a time and frees on release', () => {
    const lock = lockDataDir(dir, 'npm run backup');
    expect(() => lockDataDir(dir, 'Vahti server')).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir, 'Vahti server')).toThrow(
      /on käytössä \(npm run backup, prosessi/,
    );
    lock.release();
    lockDataDir(dir, 'Vahti server').release();
  });

  it('refuses while another live process holds it', () => {
    holder(process.ppid);
    expect(() => lockDataDir(dir, 'npm run backup')).toThrow(`process ${process.ppid}`);
  });

  it('takes over the lock of a process that is gone, or of this pid in an earlier life', () => {
    // A pid that surely ran and has exited.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid as number;
    holder(gone);
    lockDataDir(dir, 'npm run backup').release();
    holder(process.pid);
    const lock = lockDataDir(dir, 'npm run backup');
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).purpose).toBe(
      'npm run backup',
    );
    lock.release();
  });

  it("never takes over another machine's lock (a shared disk)", () => {
    holder(1, 'other-host.example');
    expect(() => lockDataDir(dir, 'npm run backup')).toThrow(DataDirInUseError);
  });
});
