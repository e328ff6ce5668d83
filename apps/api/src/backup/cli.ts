import { ConfigError } from '../config/index.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { BackupError } from './manifest.js';
import { KeepPolicyError } from './retention.js';

/** Runs a backup command: a refusal is its message and exit 1, anything else its stack. */
export async function runOperatorCommand(command: () => Promise<void>): Promise<void> {
  try {
    await command();
  } catch (err) {
    const known = [BackupError, ConfigError, DataDirInUseError, KeepPolicyError].some(
      (kind) => err instanceof kind,
    );
    console.error(known ? (err as Error).message : err);
    process.exitCode = 1;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
