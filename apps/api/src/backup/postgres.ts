import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import {
  countRows,
  migrationLevel,
  type Queryable,
  referencedFiles,
  relationCount,
} from './contents.js';
import { BackupError, type Manifest } from './manifest.js';

type Tool = 'pg_dump' | 'pg_restore';

/**
 * libpq's connection for the tools: the URL without its password, which goes in PGPASSWORD, so
 * that no password shows in the process list.
 */
function libpq(url: string): { uri: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    uri: parsed.toString(),
    env: { ...process.env, ...(password && { PGPASSWORD: password }) },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (err) =>
      reject(
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? new BackupError(
              `${command} puuttuu: asenna PostgreSQL-asiakasohjelmat (apt-get install postgresql-client).`,
              `${command} not found: install the PostgreSQL client tools (apt-get install postgresql-client).`,
            )
          : err,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

/** `pg_dump (PostgreSQL) 15.20 (Debian …)` → 15. */
const majorOf = (version: string) => Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);

/**
 * The tool for a server of this major version: Debian's own for that version when installed
 * (/usr/lib/postgresql/N/bin), else the one on PATH. An older pg_dump than the server refuses
 * to dump it, and an older pg_restore cannot read a newer dump, so both are checked here with
 * a clear message instead.
 */
async function findTool(tool: Tool, atLeast: number): Promise<{ path: string; version: string }> {
  const debian = `/usr/lib/postgresql/${atLeast}/bin/${tool}`;
  const command = existsSync(debian) ? debian : tool;
  const version = (await run(command, ['--version'], process.env)).trim();
  if (majorOf(version) < atLeast) {
    throw new BackupError(
      `${tool} on liian vanha (${version}); tarvitaan versio ${atLeast} tai uudempi: apt-get install postgresql-client-${atLeast}.`,
      `${tool} is too old (${version}); version ${atLeast} or newer is needed: apt-get install postgresql-client-${atLeast}.`,
    );
  }
  return { path: command, version };
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const db: Queryable = {
    query: async <T>(sql: string, params?: unknown[]) =>
      (await client.query(sql, params)) as unknown as { rows: T[] },
  };
  const { rows } = await db.query<{ server_version: string }>('show server_version');
  const serverVersion = rows[0]?.server_version ?? '';
  return { client, db, serverVersion, major: majorOf(serverVersion) };
}

/**
 * `pg_dump -Fc` of the database while the server runs: the counts, the migration level and the
 * list of files are read in one repeatable-read snapshot, and pg_dump dumps that same snapshot
 * (`--snapshot`), so the manifest describes exactly what the dump holds.
 */
export async function dumpPostgres(url: string, file: string) {
  const { client, db, serverVersion, major } = await connect(url);
  try {
    const pgDump = await findTool('pg_dump', major);
    await db.query('begin isolation level repeatable read read only');
    const { rows } = await db.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const tables = await countRows(db);
    const migrations = await migrationLevel(db);
    const files = await referencedFiles(db);
    const { uri, env } = libpq(url);
    await run(
      pgDump.path,
      ['--format=custom', `--snapshot=${rows[0]?.snapshot}`, `--file=${file}`, `--dbname=${uri}`],
      env,
    );
    await db.query('commit');
    return { serverVersion, tool: pgDump.version, tables, migrations, files };
  } finally {
    await client.end();
  }
}

/** Tables or other relations in the target's schemas: 0 means it is empty. */
export async function postgresRelations(url: string): Promise<number> {
  const { client, db } = await connect(url);
  try {
    return await relationCount(db);
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into the target, in one transaction (all or nothing). `clear` first drops what the
 * target holds (`--force`). Objects are owned by the restoring user, as the server's migrations
 * would make them: the backup may come from a server where another role owned them.
 */
export async function restorePostgres(
  url: string,
  file: string,
  database: Manifest['database'],
  clear: boolean,
): Promise<Record<string, number>> {
  const { client, db, major } = await connect(url);
  try {
    const pgRestore = await findTool('pg_restore', Math.max(major, majorOf(database.tool)));
    if (clear) {
      await db.query('drop schema if exists drizzle cascade');
      await db.query('drop schema if exists public cascade');
      await db.query('create schema public');
      await db.query('grant usage on schema public to public');
    }
    const { uri, env } = libpq(url);
    await run(
      pgRestore.path,
      [
        '--no-owner',
        '--no-acl',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${uri}`,
        file,
      ],
      env,
    );
    return await countRows(db);
  } finally {
    await client.end();
  }
}
