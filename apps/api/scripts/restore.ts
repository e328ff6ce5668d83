// `npm run restore -- <backup directory> [--force]`: restores a backup made by `npm run backup`
// into the configured database and file storage, which must be empty (--force replaces their
// contents). Checks every SHA-256 and the row count of every table (ADR 0029). Stop the server
// first; it applies any newer migrations when it starts.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../src/backup/backup.js';
import { formatBytes, runOperatorCommand } from '../src/backup/cli.js';
import { BackupError } from '../src/backup/manifest.js';
import { loadBackupConfig } from '../src/config/index.js';

await runOperatorCommand(async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    throw new BackupError(
      'Anna palautettava varmuuskopio: npm run restore -- <hakemisto> [--force]',
      'Name the backup to restore: npm run restore -- <directory> [--force]',
    );
  }
  const config = loadBackupConfig();
  const result = await restoreBackup(config, path.resolve(positionals[0] as string), {
    force: values.force,
  });
  const rows = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
  console.log(`Restored ${positionals[0]} (made ${result.manifest.createdAt})`);
  console.log(
    `  ${result.manifest.database.kind}: ${Object.keys(result.tables).length} tables, ${rows} rows, every count as in the backup`,
  );
  console.log(
    `  ${result.manifest.files.entries.length} files, ${formatBytes(result.fileBytes)}, SHA-256 checked; ${result.seconds.toFixed(1)} s`,
  );
  if (result.movedAside) console.log(`  The database it replaced is in ${result.movedAside}`);
  console.log('Start the server as usual; it applies any newer migrations.');
});
