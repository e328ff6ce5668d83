// `npm run backup [-- --out DIR]`: one backup of the database and the material bank's files of
// the configuration the server reads (DATABASE_URL or DATA_DIR/pglite; DATA_DIR/materialbank or
// the S3_ bucket) into a new directory in DIR (default BACKUP_DIR, ./backups), then removes the
// backups BACKUP_KEEP does not keep. On PGlite the server must be stopped (ADR 0029).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../src/backup/backup.js';
import { formatBytes, runOperatorCommand } from '../src/backup/cli.js';
import { loadBackupConfig } from '../src/config/index.js';

await runOperatorCommand(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadBackupConfig();
  const result = await createBackup(
    config,
    values.out ? path.resolve(values.out) : config.backupDir,
  );
  const { manifest } = result;
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(`Backup written: ${result.dir}`);
  console.log(
    `  ${manifest.database.kind} (${manifest.database.tool}), migration ${manifest.migrations.latest}; ${Object.keys(manifest.tables).length} tables, ${rows} rows counted; dump ${formatBytes(manifest.database.dump.bytes)}`,
  );
  console.log(
    `  ${manifest.files.entries.length} files (${manifest.files.storage}), ${formatBytes(result.bytes - manifest.database.dump.bytes)}; ${formatBytes(result.bytes)} in all, ${result.seconds.toFixed(1)} s`,
  );
  if (manifest.files.missing.length > 0) {
    console.warn(
      `  Warning: ${manifest.files.missing.length} files named by the database were gone from the storage (deleted meanwhile?): ${manifest.files.missing.join(', ')}`,
    );
  }
  if (result.removed.length > 0) {
    console.log(`  Removed by BACKUP_KEEP=${config.backupKeep}: ${result.removed.join(', ')}`);
  }
});
