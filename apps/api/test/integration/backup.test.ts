import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { countRows, type Queryable } from '../../src/backup/contents.js';
import { type Manifest, readManifest } from '../../src/backup/manifest.js';
import { pgliteHasData } from '../../src/backup/pglite.js';
import { postgresRelations } from '../../src/backup/postgres.js';
import { loadBackupConfig, loadConfig } from '../../src/config/index.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { readDemoIngest } from '../../src/db/demo/ingest.js';
import { minimalJpeg, minimalPdf } from '../../src/db/demo/materialbank.js';
import { mailOutbox } from '../../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoData } from '../../src/db/seed.js';
import { createFileStorage } from '../../src/lib/storage/create-storage.js';
import { newObjectName } from '../../src/lib/storage/storage.js';
import { adminQuery, POSTGRES_RUN_ENV, withDatabase } from '../database-image.js';
import {
  bearer,
  createPostgresDatabase,
  DRIVER,
  fromNewIp,
  TEST_DATABASE_URL,
  TEST_TIMING,
} from '../helpers/app.js';
import { pngImage } from '../helpers/images.js';
import { multipartBody } from '../helpers/multipart.js';

/** Every sign-in writes a row to each (issue 31: session rows, the sign-in's audit entry). */
const SIGN_IN_TABLES = ['public.audit_log', 'public.user_sessions'];

// `npm run backup` and `npm run restore` as an operator runs them (child processes on the
// server's environment), from a database filled through the app into an EMPTY one: a new
// PostgreSQL database created without a template, or a new PGlite directory.

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const ADMIN = 'yllapitaja@demo.vahti.fi';
const RESIDENT = 'kayttaja@demo.vahti.fi';
/** The storage areas whose files rows name (DATA_DIR/<area>). */
const AREAS = ['materialbank', 'logos', 'feedback', 'mail'] as const;

interface Running {
  app: App;
  database: Database;
  token: string;
  userId: string;
  /** Lets the preview images of what it stored be made (they are made in the background). */
  settle(): Promise<void>;
  /** Closes the app, then its database (as server.ts does), once settled. */
  close(): Promise<void>;
}

/** The server as server.ts starts it, on DATA_DIR (PGlite there, or DATABASE_URL). */
async function startServer(env: Record<string, string>, seed = false): Promise<Running> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '1',
    // The readings must be in the database when the backup is taken, among others.
    ...TEST_TIMING,
    ...env,
  });
  config.webDir = path.join(config.dataDir, 'no-web');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (seed) {
    await seedDemoData(database.db, {
      dataDir: config.dataDir,
      storage: createFileStorage(config),
    });
  }
  const { app, container } = await buildApp({ config, database, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: fromNewIp(),
    payload: { userEmail: ADMIN, userPassword: DEMO_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const settle = async () => {
    await container.services.previewQueue.runDue();
  };
  return {
    app,
    database,
    token: login.json().token,
    userId: login.json().user.userId,
    settle,
    async close() {
      await settle();
      await app.close();
      await database.close();
    },
  };
}

const get = (server: Running, url: string) =>
  server.app.inject({ method: 'GET', url, headers: { ...bearer(server.token), ...fromNewIp() } });

/** A raw connection for counting: pg's pool or the PGlite client under the app's Drizzle. */
const queryable = (database: Database) =>
  (database.db as unknown as { $client: Queryable }).$client;

function operator(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `apps/api/scripts/${script}.ts`, ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
        timeout: 120_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const work = mkdtempSync(path.join(tmpdir(), 'vahti-backup-test-'));
const sourceDir = path.join(work, 'source');
const targetDir = path.join(work, 'target');
const backups = path.join(work, 'backups');
const cleanups: (() => Promise<unknown>)[] = [];
let sourceEnv: Record<string, string>;
let targetEnv: Record<string, string>;

/** What the source answered, to be answered the same after the restore. */
const answers = new Map<string, unknown>();
const uploads = new Map<string, Buffer>();
/** Stored images read through their routes: the logo and a feedback's photo, by URL. */
const images = new Map<string, Buffer>();
/** The files of a storage area in a data directory, by name. */
const filesIn = (dataDir: string, area: string) => {
  try {
    return readdirSync(path.join(dataDir, area))
      .filter((name) => !name.startsWith('.'))
      .sort();
  } catch {
    return [];
  }
};
let sourceCounts: Record<string, number>;
let sensorCalls: string[] = [];

/** An empty target: a new DATA_DIR, and on PostgreSQL a database made without a template. */
async function emptyTarget(dataDir: string): Promise<Record<string, string>> {
  if (!TEST_DATABASE_URL) return { DATA_DIR: dataDir };
  const name = `${process.env[POSTGRES_RUN_ENV] ?? 'vahti_test'}_${randomBytes(6).toString('hex')}`;
  await adminQuery(TEST_DATABASE_URL, `create database ${name}`);
  cleanups.push(() =>
    adminQuery(TEST_DATABASE_URL as string, `drop database if exists ${name} with (force)`),
  );
  return { DATA_DIR: dataDir, DATABASE_URL: withDatabase(TEST_DATABASE_URL, name) };
}

beforeAll(async () => {
  sourceEnv = { DATA_DIR: sourceDir };
  targetEnv = await emptyTarget(targetDir);
  if (TEST_DATABASE_URL) {
    const source = await createPostgresDatabase(TEST_DATABASE_URL);
    cleanups.push(source.drop);
    sourceEnv.DATABASE_URL = source.url;
  }

  const server = await startServer(sourceEnv, true);
  try {
    const admin = { ...bearer(server.token) };
    const { targets } = (await get(server, '/api/targets')).json() as {
      targets: { targetId: string }[];
    };
    const target = targets[0]?.targetId as string;

    // Material bank files through the upload call, besides the demo's.
    for (const title of ['Varmuuskopio-ohje', 'Huoltokirja']) {
      const content = Buffer.concat([
        minimalPdf(title),
        Buffer.from(`% ${randomBytes(600).toString('hex')}\n`),
      ]);
      const body = await multipartBody(
        {
          title,
          targets: target,
          permissions: 'Käyttäjä,Ylläpitäjä',
          applications: '1',
          state: 'Aktiivinen',
        },
        { name: `${title}.pdf`, type: 'application/pdf', content },
      );
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/materialbank-file',
        payload: body.payload,
        headers: { ...admin, ...fromNewIp(), ...body.headers },
      });
      expect(res.statusCode, res.body).toBe(201);
      uploads.set(res.json().materialbankFile.file, content);
    }

    // A discussion with a comment.
    const discussion = await server.app.inject({
      method: 'POST',
      url: '/api/tieto/discussion',
      headers: { ...admin, ...fromNewIp() },
      payload: {
        discussionTitle: 'Varmuuskopioiden testi',
        discussionDescription: 'Löytyykö tämä palautuksen jälkeen?',
        discussionModerator: server.userId,
        discussionTargetId: target,
        discussionState: 'Aktiivinen',
      },
    });
    expect(discussion.statusCode, discussion.body).toBe(201);

    // The organization's logo, and a resident's feedback with a photo: files of their own areas.
    const { organizations } = (await get(server, '/api/organizations')).json() as {
      organizations: { organizationId: string }[];
    };
    const logoUrl = `/api/organization-logo?organizationId=${organizations[0]?.organizationId}`;
    const logo = pngImage(8, 8);
    const logoBody = await multipartBody(
      {},
      { name: 'logo.png', type: 'image/png', content: logo },
    );
    const logoSaved = await server.app.inject({
      method: 'PUT',
      url: logoUrl,
      payload: logoBody.payload,
      headers: { ...admin, ...fromNewIp(), ...logoBody.headers },
    });
    expect(logoSaved.statusCode, logoSaved.body).toBe(200);
    images.set(logoUrl, logo);
    const resident = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: fromNewIp(),
      payload: { userEmail: RESIDENT, userPassword: DEMO_PASSWORD },
    });
    expect(resident.statusCode, resident.body).toBe(200);
    const residentAuth = bearer(resident.json().token);
    const own = (
      await server.app.inject({
        method: 'GET',
        url: '/api/targets',
        headers: { ...residentAuth, ...fromNewIp() },
      })
    ).json() as { targets: { targetId: string }[] };
    const feedback = await server.app.inject({
      method: 'POST',
      url: '/api/tieto/feedback',
      headers: { ...residentAuth, ...fromNewIp() },
      payload: {
        feedbackTitle: 'Rappukäytävän valo',
        feedbackTargetId: own.targets[0]?.targetId,
        feedbackMessage: 'Valo vilkkuu kolmannessa kerroksessa.',
      },
    });
    expect(feedback.statusCode, feedback.body).toBe(201);
    const photoUrl = `/api/tieto/feedback-photo?id=${feedback.json().feedback.id}`;
    const photo = minimalJpeg();
    const photoBody = await multipartBody(
      {},
      { name: 'valo.jpg', type: 'image/jpeg', content: photo },
    );
    const photoSaved = await server.app.inject({
      method: 'PUT',
      url: photoUrl,
      payload: photoBody.payload,
      headers: { ...residentAuth, ...fromNewIp(), ...photoBody.headers },
    });
    expect(photoSaved.statusCode, photoSaved.body).toBe(200);
    images.set(photoUrl, photo);

    // A mail still to be sent with a report attached: its file goes along; a sent one's would not.
    const attachment = Buffer.concat([minimalPdf('Kuukausiraportti'), randomBytes(64)]);
    const mailFiles = createFileStorage({ dataDir: sourceDir, s3: undefined }, 'mail');
    const object = newObjectName('pdf');
    await mailFiles.put(object, Readable.from([attachment]));
    await server.database.db.insert(mailOutbox).values({
      toAddress: 'isannoitsija@demo.vahti.fi',
      subject: 'Kuukausiraportti',
      textBody: 'Raportti liitteenä.',
      htmlBody: '<p>Raportti liitteenä.</p>',
      language: 'fi',
      status: 'queued',
      nextAttemptAt: new Date(Date.now() + 86_400_000),
      attachments: [{ object, fileName: 'raportti.pdf', contentType: 'application/pdf' }],
    });

    // Readings over four months (four partitions), some high enough to open alarms.
    const ingest = await readDemoIngest(server.database.db, sourceDir);
    expect(ingest?.euis.length).toBeGreaterThan(0);
    const now = Date.now();
    const readings = (ingest?.euis ?? []).flatMap(({ eui }, d) =>
      Array.from({ length: 120 }, (_, i) => ({
        deviceEui: eui,
        time: new Date(now - (i * 24 + d) * 3_600_000).toISOString(),
        values: { Lämpötila: i % 40 === 0 ? 85 : 20 + (i % 5), Kosteus: 40 + (i % 7) },
      })),
    );
    const stored = await server.app.inject({
      method: 'POST',
      url: '/api/ingest/generic',
      headers: { authorization: `Bearer ${ingest?.key}`, ...fromNewIp() },
      payload: readings,
    });
    expect([200, 202], stored.body).toContain(stored.statusCode);
    expect(stored.json().stored).toBeGreaterThan(100);

    sourceCounts = await countRows(queryable(server.database));
    const filled = Object.entries(sourceCounts).filter(
      ([name, rows]) => /^public\.measurement_data_y\d{4}m\d{2}$/.test(name) && rows > 0,
    );
    expect(filled.length).toBeGreaterThanOrEqual(4);
    expect(sourceCounts['public.alarms']).toBeGreaterThan(0);
    expect(sourceCounts['public.discussions']).toBeGreaterThan(0);

    // Readings through the summaries (daily rollups) and each device's chart (raw readings).
    const days = (t: number) => new Date(t).toISOString().slice(0, 10);
    const range = `sd=${days(now - 130 * 86_400_000)}&ed=${days(now)}`;
    const { measurements } = (await get(server, '/api/measurements-by-target')).json() as {
      measurements: { measurementID: string; measurementName: string }[];
    };
    const temperature = measurements.find((m) => m.measurementName === 'Lämpötila');
    expect(temperature).toBeDefined();
    const mid = temperature?.measurementID;
    const { rows } = (await get(server, `/api/target-measurements?mid=${mid}&${range}`)).json() as {
      rows: { deviceId: string }[];
    };
    expect(rows.length).toBeGreaterThan(0);
    sensorCalls = [
      `/api/target-measurements?mid=${mid}&${range}`,
      ...rows
        .slice(0, 3)
        .map((row) => `/api/measurement-data/${row.deviceId}?mid=${mid}&${range}&width=4000`),
    ];
    // The answers as the restored server will give them: with the files' previews made.
    await server.settle();
    for (const url of [
      '/api/users',
      '/api/targets',
      '/api/devices',
      '/api/alarms',
      '/api/materialbank-files',
      '/api/tieto/discussions',
      ...sensorCalls,
    ]) {
      const res = await get(server, url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      answers.set(url, { status: res.statusCode, body: res.json() });
    }
  } finally {
    await server.close();
  }
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

// Each test runs the operator's command as its own process (up to 120 s): a restore on a busy
// machine has taken over the suite's 30 s.
describe(`npm run backup and npm run restore (${DRIVER})`, { timeout: 120_000 }, () => {
  let backupDir: string;
  let manifest: Manifest;

  it('backs up the database and every file, describing them in a manifest', async () => {
    const run = await operator('backup', ['--out', backups], sourceEnv);
    expect(run.code, run.stderr).toBe(0);
    const [name, ...more] = readdirSync(backups);
    expect(more).toEqual([]);
    backupDir = path.join(backups, name as string);
    expect(run.stdout).toContain(`Backup written: ${backupDir}`);
    manifest = readManifest(backupDir);
    expect(manifest.database.kind).toBe(DRIVER);
    expect(manifest.migrations.latest).toMatch(/^\d{4}_\w+$/);
    expect(manifest.tables).toEqual(sourceCounts);
    // Every area's files: the material bank's, the logo, the feedback's photo.
    for (const area of AREAS) {
      const stored = filesIn(sourceDir, area);
      expect(stored.length, area).toBeGreaterThan(0);
      const listed = manifest.files.entries.filter((entry) => entry.area === area);
      expect(listed.map((entry) => entry.name).sort(), area).toEqual(stored);
    }
    expect(manifest.files.entries).toHaveLength(
      AREAS.reduce((sum, area) => sum + filesIn(sourceDir, area).length, 0),
    );
    expect(manifest.files.missing).toEqual([]);
    for (const name of uploads.keys()) expect(filesIn(sourceDir, 'materialbank')).toContain(name);
  });

  it.runIf(DRIVER === 'pglite')('refuses to back up PGlite while the server holds it', async () => {
    const server = await startServer(sourceEnv);
    try {
      const run = await operator('backup', ['--out', path.join(work, 'refused')], sourceEnv);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('on käytössä');
      expect(run.stderr).toContain('is in use (Vahti server, process');
      expect(readdirSync(path.join(work, 'refused'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('restores into an empty database: every row and file is back and the app answers as before', async () => {
    const run = await operator('restore', [backupDir], targetEnv);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('every count as in the backup');

    const again = await operator('restore', [backupDir], targetEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('ei ole tyhjä');
    expect(again.stderr).toContain('is not empty');

    for (const area of AREAS) {
      expect(filesIn(targetDir, area), area).toEqual(filesIn(sourceDir, area));
      for (const name of filesIn(sourceDir, area)) {
        expect(
          readFileSync(path.join(targetDir, area, name)).equals(
            readFileSync(path.join(sourceDir, area, name)),
          ),
          `${area}/${name}`,
        ).toBe(true);
      }
    }

    const server = await startServer(targetEnv);
    try {
      const counts = await countRows(queryable(server.database));
      // startServer's own sign-in writes a session row and its audit entry (issue 31).
      for (const [table, rows] of Object.entries(sourceCounts))
        expect(counts[table], table).toBe(SIGN_IN_TABLES.includes(table) ? rows + 1 : rows);
      // Start-up may add next months' partitions, empty; nothing else is new.
      for (const [table, rows] of Object.entries(counts)) {
        if (!(table in sourceCounts)) {
          expect(table).toMatch(/^public\.measurement_data_y\d{4}m\d{2}$/);
          expect(rows).toBe(0);
        }
      }
      for (const [url, answer] of answers) {
        const res = await get(server, url);
        expect({ status: res.statusCode, body: res.json() }, url).toEqual(answer);
      }
      for (const [name, content] of uploads) {
        const res = await get(server, `/api/materialbank-get-file?file=${name}`);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(content)).toBe(true);
      }
      for (const [url, content] of images) {
        const res = await get(server, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.rawPayload.equals(content), url).toBe(true);
      }
    } finally {
      await server.close();
    }
  });

  it('refuses a damaged backup before touching the target', async () => {
    const damaged = path.join(work, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const first = manifest.files.entries.find((entry) => entry.area === 'logos');
    const file = path.join(damaged, 'files', 'logos', first?.name as string);
    const bytes = readFileSync(file);
    const middle = bytes.length >> 1;
    bytes[middle] = (bytes[middle] as number) ^ 0xff;
    writeFileSync(file, bytes);
    const env = await emptyTarget(path.join(work, 'target-damaged'));
    const run = await operator('restore', [damaged], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${first?.name} on vioittunut`);
    expect(run.stderr).toContain('is damaged or missing');
    expect(run.stderr).toContain('nothing was restored');
    if (env.DATABASE_URL) expect(await postgresRelations(env.DATABASE_URL)).toBe(0);
    else expect(pgliteHasData(env.DATA_DIR as string)).toBe(false);
  });

  it('applies BACKUP_KEEP after a backup: with 1, the new backup replaces the old', async () => {
    const run = await operator('backup', ['--out', backups], { ...sourceEnv, BACKUP_KEEP: '1' });
    expect(run.code, run.stderr).toBe(0);
    const [name, ...more] = readdirSync(backups);
    expect(more).toEqual([]);
    expect(path.join(backups, name as string)).not.toBe(backupDir);
    expect(run.stdout).toContain(`Removed by BACKUP_KEEP=1: ${path.basename(backupDir)}`);
    // The same rows, but for the sign-ins of any server started on the source since.
    const { tables } = readManifest(path.join(backups, name as string));
    expect(Object.keys(tables).sort()).toEqual(Object.keys(sourceCounts).sort());
    for (const [table, rows] of Object.entries(sourceCounts)) {
      if (SIGN_IN_TABLES.includes(table)) expect(tables[table], table).toBeGreaterThanOrEqual(rows);
      else expect(tables[table], table).toBe(rows);
    }
  });
  it('restores the files into an S3-compatible bucket as well', async () => {
    const bucket = 'vahti-restored';
    const s3Dir = path.join(work, 's3');
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const { port } = await s3.run();
    try {
      const env = {
        ...(await emptyTarget(path.join(work, 'target-s3'))),
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
      const [name] = readdirSync(backups);
      const run = await operator('restore', [path.join(backups, name as string)], env);
      expect(run.code, run.stderr).toBe(0);
      for (const area of AREAS) {
        const storage = createFileStorage(loadBackupConfig(env), area);
        const stored = filesIn(sourceDir, area);
        const inBucket: string[] = [];
        for await (const object of storage.list()) inBucket.push(object.name);
        expect(inBucket.sort(), area).toEqual(stored);
        for (const file of stored) {
          const chunks: Buffer[] = [];
          for await (const chunk of await storage.open(file)) chunks.push(chunk as Buffer);
          expect(
            Buffer.concat(chunks).equals(readFileSync(path.join(sourceDir, area, file))),
            `${area}/${file}`,
          ).toBe(true);
        }
      }
      // A bucket that holds files is not an empty target.
      const again = await operator('restore', [path.join(backups, name as string)], {
        ...env,
        ...(await emptyTarget(path.join(work, 'target-s3-again'))),
      });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`The target S3 bucket ${bucket} is not empty`);
    } finally {
      await s3.close();
    }
  });
});
