import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@vahti/domain';
import { count, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalJpeg, minimalPdf, seedMaterialbank } from '../../src/db/demo/materialbank.js';
import { materialbankFiles, materialbankPreviews, users } from '../../src/db/schema/index.js';
import { parseRange } from '../../src/lib/storage/range.js';
import { contentDisposition } from '../../src/modules/materialbank/materialbank.routes.js';
import { pdfRefusal } from '../../src/modules/materialbank/pdf-active-content.js';
import { createPreviewRenderer } from '../../src/modules/materialbank/preview-renderer.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import type { TestContext } from '../helpers/app.js';
import type { Fixtures, OrgKey } from '../helpers/fixtures.js';
import { multipartBody } from '../helpers/multipart.js';
import {
  brokenObjectLaunchPdf,
  cleanPdf,
  embeddedFilePdf,
  encryptedPdf,
  escapedJavaScriptPdf,
  heavyPdf,
  javaScriptNamesPdf,
  javaScriptPdf,
  launchPdf,
} from '../helpers/pdfs.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let storageDir: string;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  storageDir = path.join(ctx.config.dataDir, 'materialbank');
});
afterAll(() => ctx.close());

const PDF = minimalPdf('Testiraportti');
const JPG = minimalJpeg();

const stored = () => (existsSync(storageDir) ? readdirSync(storageDir).sort() : []);
/** The stored names once the previews of earlier uploads, made in the background, have landed. */
const storedOnceSettled = async () => {
  await ctx.services.previewQueue.runDue();
  return stored();
};
const rowCount = async () =>
  (await ctx.database.db.select({ n: count() }).from(materialbankFiles))[0]?.n ?? 0;

interface UploadOptions {
  role?: Role;
  org?: OrgKey;
  fields?: Record<string, string | string[]>;
  file?: { name: string; type: string; content: Uint8Array } | null;
}

async function upload({ role = 'Ylläpitäjä', org = 'A', fields = {}, file }: UploadOptions = {}) {
  const own = fx.org(org);
  const body = await multipartBody(
    {
      title: 'Testidokumentti',
      targets: own.target.id,
      permissions: 'Käyttäjä,Ylläpitäjä',
      applications: '1',
      state: 'Aktiivinen',
      info: 'Lisätietoa',
      fileExtension: 'exe',
      ...fields,
    },
    file === null
      ? undefined
      : (file ?? { name: 'raportti.2026.pdf', type: 'application/pdf', content: PDF }),
  );
  return as(role, org).post('/api/materialbank-file', body.payload, { headers: body.headers });
}

async function uploaded(options: UploadOptions = {}) {
  const res = await upload(options);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().materialbankFile as {
    id: string;
    file: string;
    fileExtension: string;
    MaterialbankTargets: { id: string; targetId: string }[];
    MaterialbankPermissions: { id: string; permission: string }[];
    MaterialbankApplications: { id: string; applicationId: number }[];
    previewState: string;
  };
}

const getFile = (role: Role, org: OrgKey, file: string, headers: Record<string, string> = {}) =>
  as(role, org).get(`/api/materialbank-get-file?file=${file}`, { headers });

describe('upload', () => {
  it('stores a PDF under a random name, records the extension after the first dot, never trusted', async () => {
    const before = await storedOnceSettled();
    const file = await uploaded();
    expect(file.file).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(file.fileExtension).toBe('2026.pdf');
    expect(stored()).toEqual([...before, file.file].sort());
    expect(file.MaterialbankTargets.map((t) => t.targetId)).toEqual([fx.orgA.target.id]);
    expect(file.MaterialbankPermissions.map((p) => p.permission).sort()).toEqual([
      'Käyttäjä',
      'Ylläpitäjä',
    ]);
  });

  it('takes a JPEG named anything, judged by its content', async () => {
    const file = await uploaded({
      file: { name: 'kuva', type: 'application/octet-stream', content: JPG },
    });
    expect(file.file).toMatch(/\.jpg$/);
    expect(file.fileExtension).toBe('');
  });

  it('refuses a missing file and missing fields with the spec texts, storing nothing', async () => {
    const before = await storedOnceSettled();
    const res = await upload({ file: null, fields: { title: '', targets: '', state: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      file: 'Tiedosto pitää valita',
      title: 'Pakollinen kenttä',
      targets: 'Pakollinen kenttä',
      state: 'Pakollinen kenttä',
    });
    const withFile = await upload({ fields: { permissions: '' } });
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json().fields.permissions).toBe('Pakollinen kenttä');
    expect(stored()).toEqual(before);
  });

  it("refuses another organization's target (404) and removes the stored upload", async () => {
    const before = await storedOnceSettled();
    const rows = await rowCount();
    const res = await upload({ fields: { targets: fx.orgB.target.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TARGET_NOT_FOUND');
    expect(stored()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it('asks the top administrator for the organization and lets them choose', async () => {
    const missing = await upload({ role: 'Pääylläpitäjä' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.organizationId).toBe('Pakollinen kenttä');
    const file = await uploaded({
      role: 'Pääylläpitäjä',
      fields: { organizationId: fx.orgB.id, targets: fx.orgB.target.id },
    });
    const [row] = await ctx.database.db
      .select({ org: materialbankFiles.organizationId })
      .from(materialbankFiles)
      .where(eq(materialbankFiles.id, file.id));
    expect(row?.org).toBe(fx.orgB.id);
  });

  it('refuses Käyttäjä (403) and another organization named by an Ylläpitäjä (403)', async () => {
    expect((await upload({ role: 'Käyttäjä' })).statusCode).toBe(403);
    expect((await upload({ fields: { organizationId: fx.orgB.id } })).statusCode).toBe(403);
  });

  it('answers 415 to a JSON body and 400 to a second file', async () => {
    const json = await as('Ylläpitäjä', 'A').post('/api/materialbank-file', { title: 'x' });
    expect(json.statusCode).toBe(415);
    const form = new FormData();
    form.append('title', 'Kaksi');
    form.append('file', new Blob([new Uint8Array(PDF)]), 'a.pdf');
    form.append('file', new Blob([new Uint8Array(PDF)]), 'b.pdf');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const before = await storedOnceSettled();
    const two = await as('Ylläpitäjä', 'A').post(
      '/api/materialbank-file',
      Buffer.from(await request.arrayBuffer()),
      { headers: { 'content-type': request.headers.get('content-type') ?? '' } },
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().fields.file).toBe('Lähetä yksi tiedosto kerrallaan');
    expect(stored()).toEqual(before);
  });

  it('refuses a file over the size limit (25 MB by default) with 413 naming the field, storing nothing', async () => {
    const before = await storedOnceSettled();
    const rows = await rowCount();
    const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0x20);
    PDF.copy(big, 0, 0, 16);
    const res = await upload({ file: { name: 'iso.pdf', type: 'application/pdf', content: big } });
    expect(res.statusCode).toBe(413);
    expect(res.json().fields.file).toBe('Tiedosto on liian suuri: sallittu enimmäiskoko ylittyi');
    expect(stored()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });
});

describe('disguised files are refused by content', () => {
  const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
  const svg = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  const exe = Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
    Buffer.alloc(200),
  ]);
  const zip = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]),
    Buffer.alloc(100),
  ]);
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const txt = Buffer.from('Tämä on vain tekstiä, ei PDF.\n');
  const kinds = { exe, html, svg, zip, gif, png, txt };
  const cases = Object.entries(kinds).flatMap(([kind, content]) => [
    { kind, name: `${kind}.pdf`, type: 'application/pdf', content },
    { kind, name: `${kind}.jpg`, type: 'image/jpeg', content },
  ]);
  // Six more: declared and named the other way round, and a PDF/JPEG header hidden later.
  cases.push(
    { kind: 'exe', name: 'ohje.pdf.exe', type: 'application/pdf', content: exe },
    { kind: 'html', name: 'kuva.jpeg', type: 'image/jpeg', content: html },
    { kind: 'svg', name: 'kuva.svg.jpg', type: 'image/jpeg', content: svg },
    { kind: 'txt', name: 'tyhja.pdf', type: 'application/pdf', content: Buffer.alloc(0) },
    {
      kind: 'html',
      name: 'piilo.pdf',
      type: 'application/pdf',
      content: Buffer.concat([Buffer.from('<html>'), PDF]),
    },
    {
      kind: 'txt',
      name: 'piilo.jpg',
      type: 'image/jpeg',
      content: Buffer.concat([Buffer.from(' '), JPG]),
    },
  );

  it('has 20 cases', () => expect(cases).toHaveLength(20));

  it.each(cases)('$name ($kind, declared $type): 400, neither row nor file', async (file) => {
    const before = await storedOnceSettled();
    const rows = await rowCount();
    const res = await upload({ file });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.file).toBe(
      'Vain PDF- ja JPG-tiedostot kelpaavat (tiedoston sisältö tarkistetaan)',
    );
    expect(stored()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });
});

describe('materialbank-get-file', () => {
  let own: { file: string };
  let foreign: { file: string };
  let noRole: { file: string };
  let noTarget: { file: string };
  let vainuOnly: { file: string };
  let passive: { file: string };

  beforeAll(async () => {
    own = await uploaded();
    foreign = await uploaded({ org: 'B' });
    noRole = await uploaded({ fields: { permissions: 'Ylläpitäjä' } });
    const otherTarget = await fx.create.target(fx.orgA.id);
    noTarget = await uploaded({ fields: { targets: otherTarget } });
    vainuOnly = await uploaded({ fields: { applications: '2' } });
    passive = await uploaded({ fields: { state: 'Passiivinen' } });
  });

  it('streams a visible file with its detected type, a safe name and nosniff', async () => {
    const res = await getFile('Käyttäjä', 'A', own.file);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="raportti.2026.pdf"; filename*=UTF-8''raportti.2026.pdf`,
    );
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const download = await as('Käyttäjä', 'A').get(
      `/api/materialbank-get-file?file=${own.file}&download=1`,
    );
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('names a non-ASCII file safely (RFC 5987)', async () => {
    const file = await uploaded({
      file: { name: 'Ärsyttävä "raportti";\r\n.pdf', type: 'application/pdf', content: PDF },
    });
    const res = await getFile('Ylläpitäjä', 'A', file.file);
    expect(res.headers['content-disposition']).toBe(
      // FormData sends the quotes and line break percent-encoded, as browsers do; they stay so.
      `inline; filename="_rsytt_v_ _22raportti_22__0D_0A.pdf"; filename*=UTF-8''%C3%84rsytt%C3%A4v%C3%A4%20%2522raportti%2522%3B%250D%250A.pdf`,
    );
    expect(contentDisposition('attachment', 'a"b\\c;d\r\n(1)*.pdf')).toBe(
      `attachment; filename="a_b_c_d__(1)*.pdf"; filename*=UTF-8''a%22b%5Cc%3Bd%0D%0A%281%29%2A.pdf`,
    );
  });

  it('serves byte ranges: 206 with Content-Range, 416 past the end', async () => {
    const first = await getFile('Käyttäjä', 'A', own.file, { range: 'bytes=0-3' });
    expect(first.statusCode).toBe(206);
    expect(first.body).toBe('%PDF');
    expect(first.headers['content-range']).toBe(`bytes 0-3/${PDF.length}`);
    expect(first.headers['accept-ranges']).toBe('bytes');
    const last = await getFile('Käyttäjä', 'A', own.file, { range: 'bytes=-6' });
    expect(last.statusCode).toBe(206);
    expect(last.body).toBe('%%EOF\n');
    const open = await getFile('Käyttäjä', 'A', own.file, { range: `bytes=${PDF.length - 2}-` });
    expect(open.rawPayload.equals(PDF.subarray(PDF.length - 2))).toBe(true);
    const past = await getFile('Käyttäjä', 'A', own.file, { range: `bytes=${PDF.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${PDF.length}`);
    const several = await getFile('Käyttäjä', 'A', own.file, { range: 'bytes=0-1,4-5' });
    expect(several.statusCode).toBe(200);
  });

  it('parses ranges as RFC 9110 says', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(parseRange('bytes=2-400', 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-3', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('items=0-3', 10)).toBeUndefined();
  });

  it('answers 404 to 39 traversal and foreign-file attempts', async () => {
    const uuid = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
    const attempts = [
      '../jwt-secret',
      '../../etc/passwd',
      '..%2fjwt-secret',
      '%2e%2e%2fjwt-secret',
      '%2e%2e/%2e%2e/etc/passwd',
      '%252e%252e%252fjwt-secret',
      '%25252e%25252e%25252fjwt-secret',
      '..%252fjwt-secret',
      '/etc/passwd',
      '%2fetc%2fpasswd',
      'C:%5cWindows%5cwin.ini',
      '..%5c..%5cjwt-secret',
      '..\\..\\jwt-secret',
      `..%5c${own.file}`,
      `${own.file}%00`,
      `${own.file}%00.pdf`,
      `%00${own.file}`,
      `./${own.file}`,
      `.%2f${own.file}`,
      `materialbank/${own.file}`,
      `../materialbank/${own.file}`,
      `${storageDir}/${own.file}`,
      encodeURIComponent(`${storageDir}/${own.file}`),
      own.file.toUpperCase(),
      ` ${own.file}`,
      `${own.file}/`,
      own.file.replace('.pdf', ''),
      own.file.replace('.pdf', '.jpg'),
      `${uuid}.pdf`,
      `${uuid}.jpg`,
      '.upload-3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
      'pglite',
      '.',
      '..',
      '%2e',
      foreign.file,
      noRole.file,
      noTarget.file,
      passive.file,
    ];
    expect(attempts).toHaveLength(39);
    for (const attempt of attempts) {
      const res = await getFile('Käyttäjä', 'A', attempt);
      expect(res.statusCode, `${attempt}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain('%PDF');
    }
    // Those four are visible to a manager of the organization; the foreign one to nobody in A.
    expect((await getFile('Ylläpitäjä', 'A', noRole.file)).statusCode).toBe(200);
    expect((await getFile('Ylläpitäjä', 'A', foreign.file)).statusCode).toBe(404);
    expect((await getFile('Ylläpitäjä', 'B', own.file)).statusCode).toBe(404);
    expect((await getFile('Pääylläpitäjä', 'A', foreign.file)).statusCode).toBe(200);
  });

  it('offers the areas a file shows in, and takes no other application', async () => {
    // The form once offered the organization applications (Tehovahti, Sisäilma, Käyttäjät) while
    // the lists read the ids as areas: a file marked Sisäilma (2) showed in Vainu, not in Tieto.
    const offered = await as('Pääkäyttäjä', 'A').get('/api/materialbank-applications');
    expect(offered.json().applications).toEqual([
      { applicationId: 1, applicationName: 'Tieto' },
      { applicationId: 2, applicationName: 'Vainu' },
    ]);
    const users = await upload({ fields: { applications: '1,3' } });
    expect(users.statusCode).toBe(400);
    expect(users.json().fields).toEqual({ applications: 'Virheellinen arvo' });
  });

  it('shows Tieto and Vainu lists by role, target and application, decided by the server', async () => {
    const list = async (role: Role, query: string) => {
      const res = await as(role, 'A').get(`/api/materialbank-files-by-user?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().materialbankFiles as { file: string }[]).map((f) => f.file);
    };
    const tieto = await list('Käyttäjä', 'appId=1&permissions=Pääylläpitäjä');
    expect(tieto).toContain(own.file);
    for (const hidden of [foreign, noRole, noTarget, vainuOnly, passive]) {
      expect(tieto).not.toContain(hidden.file);
    }
    expect(await list('Käyttäjä', `appId=1&targetId=${fx.orgA.target.id}`)).toContain(own.file);
    const vainu = await list('Käyttäjä', 'appId=2');
    expect(vainu).not.toContain(own.file);
    expect(vainu).toContain(vainuOnly.file);
    // The role of the caller, not the one sent: Pääkäyttäjä is not in the permissions.
    expect(await list('Pääkäyttäjä', 'appId=1&permissions=Käyttäjä')).not.toContain(own.file);
    const foreignTarget = await as('Käyttäjä', 'A').get(
      `/api/materialbank-files-by-user?appId=1&targetId=${fx.orgB.target.id}`,
    );
    expect(foreignTarget.statusCode).toBe(404);
    const badApp = await as('Käyttäjä', 'A').get('/api/materialbank-files-by-user?appId=3');
    expect(badApp.statusCode).toBe(400);
  });
});

describe('lists, edit and delete', () => {
  it('lists the organization’s files to its managers only', async () => {
    const file = await uploaded();
    const a = await as('Pääkäyttäjä', 'A').get('/api/materialbank-files');
    expect(a.json().materialbankFiles.map((f: { id: string }) => f.id)).toContain(file.id);
    const b = await as('Ylläpitäjä', 'B').get('/api/materialbank-files');
    expect(b.body).not.toContain(file.id);
    expect((await as('Käyttäjä', 'A').get('/api/materialbank-files')).statusCode).toBe(403);
    const counts = await as('Ylläpitäjä', 'A').get(
      `/api/materialbank-count-files?organizationId=${fx.orgA.id}`,
    );
    const { pdf, jpg, totalFiles, organization } = counts.json();
    expect(totalFiles).toBe(pdf + jpg);
    // The dashboard names the organization with its address beside the doughnut.
    expect(organization).toMatchObject({ organizationId: fx.orgA.id });
    expect(Object.keys(organization)).toContain('organizationAddress');
    const own = await as('Pääkäyttäjä', 'A').get('/api/materialbank-count-files');
    expect(own.json().organization.organizationId).toBe(fx.orgA.id);
    const foreign = await as('Ylläpitäjä', 'A').get(
      `/api/materialbank-count-files?organizationId=${fx.orgB.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(pdf).toBeGreaterThan(0);
  });

  it('replaces the links in one edit, and removes links by id', async () => {
    const file = await uploaded();
    const other = await fx.create.target(fx.orgA.id);
    const res = await as('Pääkäyttäjä', 'A').patch('/api/materialbank-file', {
      id: file.id,
      title: 'Muokattu',
      targets: [other],
      permissions: ['Pääkäyttäjä'],
      applications: [2, 1],
      state: 'Passiivinen',
      info: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().materialbankFile;
    expect(edited.title).toBe('Muokattu');
    expect(edited.MaterialbankTargets.map((t: { targetId: string }) => t.targetId)).toEqual([
      other,
    ]);
    expect(
      edited.MaterialbankApplications.map(
        (a: { applicationId: number; Application: { applicationName: string } }) =>
          `${a.applicationId} ${a.Application.applicationName}`,
      ),
    ).toEqual(['1 Tieto', '2 Vainu']);
    const bad = await as('Pääkäyttäjä', 'A').patch('/api/materialbank-file', {
      id: file.id,
      title: 'Muokattu',
      targets: [fx.orgB.target.id],
      permissions: ['Pääkäyttäjä'],
      applications: [2],
      state: 'Aktiivinen',
    });
    expect(bad.statusCode).toBe(404);
    const unchanged = await as('Pääkäyttäjä', 'A').get(
      `/api/materialbank-file-targets?id=${file.id}`,
    );
    expect(
      unchanged.json().materialbankTargets.map((t: { targetId: string }) => t.targetId),
    ).toEqual([other]);

    const empty = await as('Ylläpitäjä', 'A').patch('/api/materialbank-data-remove', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ targets: 'Pakollinen kenttä' });
    const foreignRemove = await as('Ylläpitäjä', 'B').patch('/api/materialbank-data-remove', {
      targets: edited.MaterialbankTargets.map((t: { id: string }) => t.id),
    });
    expect(foreignRemove.statusCode).toBe(404);
    const remove = await as('Ylläpitäjä', 'A').patch('/api/materialbank-data-remove', {
      targets: edited.MaterialbankTargets.map((t: { id: string }) => t.id),
      permissions: edited.MaterialbankPermissions.map((p: { id: string }) => p.id),
      applications: [],
    });
    expect(remove.statusCode).toBe(200);
    const after = await as('Ylläpitäjä', 'A').get(`/api/materialbank-file-targets?id=${file.id}`);
    expect(after.json().materialbankTargets).toEqual([]);
  });

  it('deletes for Ylläpitäjä only: the row, then the stored object', async () => {
    const file = await uploaded();
    expect(stored()).toContain(file.file);
    const byMain = await as('Pääkäyttäjä', 'A').delete('/api/materialbank-file', { id: file.id });
    expect(byMain.statusCode).toBe(403);
    const byB = await as('Ylläpitäjä', 'B').delete('/api/materialbank-file', { id: file.id });
    expect(byB.statusCode).toBe(404);
    const res = await as('Ylläpitäjä', 'A').delete('/api/materialbank-file', { id: file.id });
    expect(res.statusCode).toBe(200);
    expect(stored()).not.toContain(file.file);
    expect((await getFile('Ylläpitäjä', 'A', file.file)).statusCode).toBe(404);
    const again = await as('Ylläpitäjä', 'A').delete('/api/materialbank-file', { id: file.id });
    expect(again.statusCode).toBe(404);
  });
});

describe('uploader and who opened a file', () => {
  it('names the uploader and upload date, and shows an Ylläpitäjä each opening and download', async () => {
    const file = await uploaded({ role: 'Pääkäyttäjä' });
    const list = await as('Ylläpitäjä', 'A').get('/api/materialbank-files');
    const row = (list.json().materialbankFiles as { id: string }[]).find((f) => f.id === file.id);
    const uploader = await fx.user('A', 'Pääkäyttäjä');
    const [name] = await ctx.database.db
      .select({ first: users.userFirstName, last: users.userLastName })
      .from(users)
      .where(eq(users.userId, uploader.id));
    expect(row).toMatchObject({
      uploaderName: `${name?.first} ${name?.last}`,
      fileSize: PDF.length,
    });
    expect(
      Date.now() - Date.parse((row as unknown as { createdAt: string }).createdAt),
    ).toBeLessThan(60_000);

    const accessUrl = `/api/materialbank-file-access?id=${file.id}`;
    expect((await as('Ylläpitäjä', 'A').get(accessUrl)).json().access).toEqual([]);
    // The Käyttäjä opens it, and a viewer's later range is the same opening; then downloads.
    expect((await getFile('Käyttäjä', 'A', file.file)).statusCode).toBe(200);
    const later = await getFile('Käyttäjä', 'A', file.file, { range: 'bytes=10-20' });
    expect(later.statusCode).toBe(206);
    const download = await as('Käyttäjä', 'A').get(
      `/api/materialbank-get-file?file=${file.file}&download=1`,
    );
    expect(download.statusCode).toBe(200);
    const res = await as('Ylläpitäjä', 'A').get(accessUrl);
    expect(res.statusCode).toBe(200);
    const reader = await fx.user('A', 'Käyttäjä');
    const access = res.json().access as { userId: string; download: boolean }[];
    expect(access.map((a) => [a.userId, a.download])).toEqual([
      [reader.id, true],
      [reader.id, false],
    ]);
    // Pääkäyttäjä manages files but does not see who opened them; organization B gets 404.
    expect((await as('Pääkäyttäjä', 'A').get(accessUrl)).statusCode).toBe(403);
    expect((await as('Ylläpitäjä', 'B').get(accessUrl)).statusCode).toBe(404);
    expect((await as('Ylläpitäjä', 'A').get('/api/materialbank-file-access?id=x')).statusCode).toBe(
      400,
    );
    // The record goes with the file.
    const removed = await as('Ylläpitäjä', 'A').delete('/api/materialbank-file', { id: file.id });
    expect(removed.statusCode, removed.body).toBe(200);
  });
});

describe('replacing a file keeps the earlier version', () => {
  const replace = async (
    id: string,
    file: { name: string; type: string; content: Buffer } | null,
  ) => {
    const body = await multipartBody({ id }, file ?? undefined);
    return as('Pääkäyttäjä', 'A').post('/api/materialbank-file-replace', body.payload, {
      headers: body.headers,
    });
  };

  it('stores the new content, keeps the former one downloadable, and removes both with the file', async () => {
    const file = await uploaded();
    const res = await replace(file.id, { name: 'kuva.jpeg', type: 'image/jpeg', content: JPG });
    expect(res.statusCode, res.body).toBe(200);
    const now = res.json().materialbankFile;
    expect(now).toMatchObject({ id: file.id, fileType: 'jpg', fileName: 'kuva.jpeg' });
    expect(now.file).not.toBe(file.file);
    expect((await getFile('Käyttäjä', 'A', now.file)).rawPayload.equals(JPG)).toBe(true);

    const versions = await as('Käyttäjä', 'A').get(`/api/materialbank-file-versions?id=${file.id}`);
    expect(versions.statusCode).toBe(200);
    expect(versions.json().versions).toMatchObject([
      { file: file.file, fileType: 'pdf', fileName: 'raportti.2026.pdf', fileSize: PDF.length },
    ]);
    // The earlier version is fetched by its stored name, by whoever sees the file; not by B.
    expect((await getFile('Käyttäjä', 'A', file.file)).rawPayload.equals(PDF)).toBe(true);
    expect((await getFile('Ylläpitäjä', 'B', file.file)).statusCode).toBe(404);
    // The sweep keeps it: it has a row.
    await ctx.services.materialbank.sweepOrphans(new Date(Date.now() + 365 * 86_400_000));
    expect(stored()).toContain(file.file);

    // Refused content, a missing file, an unknown id: nothing changes.
    const bad = await replace(file.id, {
      name: 'x.pdf',
      type: 'application/pdf',
      content: Buffer.from('ei pdf'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.file).toBeTruthy();
    const none = await replace(file.id, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.file).toBe('Tiedosto pitää valita');
    expect(
      (await replace(randomUUID(), { name: 'a.pdf', type: 'application/pdf', content: PDF }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as('Käyttäjä', 'A').get(`/api/materialbank-file-versions?id=${file.id}`)).json()
        .versions,
    ).toHaveLength(1);

    const removed = await as('Ylläpitäjä', 'A').delete('/api/materialbank-file', { id: file.id });
    expect(removed.statusCode).toBe(200);
    expect(stored()).not.toContain(file.file);
    expect(stored()).not.toContain(now.file);
  });
});

describe('orphan sweep', () => {
  it('removes old objects without a row and leftovers of interrupted writes, keeps the rest', async () => {
    const kept = await uploaded();
    // Its preview is written in the background through a temporary file, which the sweep two
    // hours ahead below would count as a leftover: written first.
    await ctx.services.previewQueue.runDue();
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    const orphan = '0b6f1f8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b.pdf';
    const fresh = '1b6f1f8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b.jpg';
    const leftover = '.upload-2b6f1f8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
    const stranger = 'notes.txt';
    for (const name of [orphan, fresh, leftover, stranger]) {
      writeFileSync(path.join(storageDir, name), 'x');
    }
    for (const name of [orphan, leftover, stranger, kept.file]) {
      utimesSync(path.join(storageDir, name), old, old);
    }
    const removed = await ctx.services.materialbank.sweepOrphans();
    expect(removed.sort()).toEqual([leftover, orphan].sort());
    const left = stored();
    expect(left).toContain(kept.file);
    expect(left).toContain(fresh);
    expect(left).toContain(stranger);
    expect(left).not.toContain(orphan);
    // Once the grace period has passed for the fresh one too, it goes.
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    expect(await ctx.services.materialbank.sweepOrphans(later)).toEqual([fresh]);
    expect(stored()).toContain(kept.file);
  });
});

describe('demo files', () => {
  it('stores real PDFs and a JPEG for both organizations, each found by its content', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vahti-mb-demo-'));
    const before = await rowCount();
    await seedMaterialbank(ctx.database.db, dataDir);
    const rows = await ctx.database.db
      .select({
        file: materialbankFiles.file,
        type: materialbankFiles.fileType,
        org: materialbankFiles.organizationId,
      })
      .from(materialbankFiles);
    expect(rows.length - before).toBe(4);
    const demo = rows.filter((row) =>
      readdirSync(path.join(dataDir, 'materialbank')).includes(row.file),
    );
    expect(demo).toHaveLength(4);
    expect(new Set(demo.map((row) => row.org))).toEqual(new Set([fx.orgA.id, fx.orgB.id]));
    for (const row of demo) {
      const bytes = readFileSync(path.join(dataDir, 'materialbank', row.file));
      const found = await fileTypeFromBuffer(bytes);
      expect(found?.ext).toBe(row.type);
    }
    expect(minimalPdf('x').subarray(-6).toString()).toBe('%%EOF\n');
  });
});

describe('PDFs that act, and the saved name (issue 26, finding 7)', () => {
  const refused = {
    javaScript:
      'PDF-tiedostossa on JavaScript-koodia, jota materiaalipankki ei hyväksy. Tallenna tiedosto ilman sitä (esim. tulosta PDF:ksi) ja lähetä uudelleen.',
    launch:
      'PDF-tiedostossa on toiminto, joka käynnistää ohjelman tai avaa toisen tiedoston. Tallenna tiedosto ilman sitä (esim. tulosta PDF:ksi) ja lähetä uudelleen.',
    embedded:
      'PDF-tiedostoon on upotettu muita tiedostoja. Tallenna tiedosto ilman liitteitä (esim. tulosta PDF:ksi) ja lähetä uudelleen.',
    encrypted:
      'Salattua PDF-tiedostoa ei voi tarkistaa. Tallenna tiedosto ilman salausta ja lähetä uudelleen.',
  };
  const cases = [
    { name: 'avaa.pdf', build: () => javaScriptPdf(), text: refused.javaScript },
    { name: 'nimipuu.pdf', build: javaScriptNamesPdf, text: refused.javaScript },
    { name: 'escaped.pdf', build: escapedJavaScriptPdf, text: refused.javaScript },
    { name: 'launch.pdf', build: launchPdf, text: refused.launch },
    { name: 'rikki.pdf', build: brokenObjectLaunchPdf, text: refused.launch },
    { name: 'liite.pdf', build: embeddedFilePdf, text: refused.embedded },
    { name: 'salattu.pdf', build: encryptedPdf, text: refused.encrypted },
  ];

  it.each(cases)(
    '$name: 400 naming the file field, neither row nor file',
    async ({ name, build, text }) => {
      const before = await storedOnceSettled();
      const rows = await rowCount();
      const res = await upload({ file: { name, type: 'application/pdf', content: await build() } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: 'Tarkasta annetut tiedot',
        code: 'VALIDATION_FAILED',
        fields: { file: text },
      });
      expect(stored()).toEqual(before);
      expect(await rowCount()).toBe(rows);
    },
  );

  it('still accepts a clean PDF built the same way', async () => {
    const content = await cleanPdf();
    const file = await uploaded({
      file: { name: 'huoltokirja.pdf', type: 'application/pdf', content },
    });
    const res = await getFile('Ylläpitäjä', 'A', file.file);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('saves a PDF named .html as .pdf, whatever name the uploader chose', async () => {
    const file = await uploaded({
      file: { name: 'polypdf.html', type: 'text/html', content: await cleanPdf() },
    });
    for (const download of ['0', '1']) {
      const res = await as('Käyttäjä', 'A').get(
        `/api/materialbank-get-file?file=${file.file}&download=${download}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `${download === '1' ? 'attachment' : 'inline'}; filename="polypdf.pdf"; filename*=UTF-8''polypdf.pdf`,
      );
    }
    // A JPEG named .pdf is saved as .jpg.
    const jpeg = await uploaded({
      file: { name: 'kuva.pdf', type: 'application/pdf', content: JPG },
    });
    const res = await getFile('Ylläpitäjä', 'A', jpeg.file);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="kuva.jpg"; filename*=UTF-8''kuva.jpg`,
    );
  });
});

describe('previews (issue 29)', () => {
  const previewOf = (role: Role, org: OrgKey, file: string) =>
    as(role, org).get(`/api/materialbank-file-preview?file=${file}`);
  const previewNames = async (source: string) =>
    (
      await ctx.database.db
        .select({ preview: materialbankPreviews.preview })
        .from(materialbankPreviews)
        .where(eq(materialbankPreviews.source, source))
    ).map((row) => row.preview);
  /** Who sees the file in Tieto, and in what state its preview is. */
  const tietoState = async (id: string) =>
    (
      (await as('Käyttäjä', 'A').get('/api/materialbank-files-by-user?appId=1')).json()
        .materialbankFiles as { id: string; previewState: string }[]
    ).find((file) => file.id === id)?.previewState;

  it('makes a small JPEG of a real PDF’s first page and of a JPG, served as the file is', async () => {
    const pdf = await uploaded({
      file: { name: 'huoltokirja.pdf', type: 'application/pdf', content: await cleanPdf() },
    });
    expect(pdf.previewState).toBe('pending');
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#2a6f97' },
    })
      .jpeg()
      .toBuffer();
    const jpg = await uploaded({
      file: { name: 'julkisivu.jpg', type: 'image/jpeg', content: photo },
    });
    await ctx.services.previewQueue.runDue();

    expect(await tietoState(pdf.id)).toBe('ready');
    expect(await tietoState(jpg.id)).toBe('ready');
    const page = await previewOf('Käyttäjä', 'A', pdf.file);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toBe('image/jpeg');
    const pageImage = sharp(page.rawPayload);
    // An A4 page at 640 px high, white with the dark text 'Huoltokirja' on it.
    expect(await pageImage.metadata()).toMatchObject({ format: 'jpeg', width: 453, height: 640 });
    const [luminance] = (await pageImage.stats()).channels;
    expect(luminance?.max).toBeGreaterThan(240);
    expect(luminance?.min).toBeLessThan(80);
    const thumb = await previewOf('Käyttäjä', 'A', jpg.file);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 640, height: 480 });

    // As the file itself: organization B and a role the file does not permit get 404.
    const other = await previewOf('Ylläpitäjä', 'B', pdf.file);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'materialbank.FILE_NOT_FOUND' });
    expect((await previewOf('Pääkäyttäjä', 'A', pdf.file)).statusCode).toBe(200);
    const restricted = await uploaded({ fields: { permissions: 'Ylläpitäjä' } });
    expect((await previewOf('Käyttäjä', 'A', restricted.file)).statusCode).toBe(404);
    expect((await previewOf('Käyttäjä', 'A', '../../etc/passwd')).statusCode).toBe(404);
    // Seeing a preview is no opening of the file.
    const access = await as('Ylläpitäjä', 'A').get(`/api/materialbank-file-access?id=${pdf.id}`);
    expect(access.json().access).toEqual([]);

    // Replacing keeps the earlier content's preview for its version; the new one gets its own.
    const body = await multipartBody(
      { id: pdf.id },
      { name: 'uusi.jpg', type: 'image/jpeg', content: photo },
    );
    const replaced = await as('Pääkäyttäjä', 'A').post(
      '/api/materialbank-file-replace',
      body.payload,
      {
        headers: body.headers,
      },
    );
    expect(replaced.json().materialbankFile.previewState).toBe('pending');
    await ctx.services.previewQueue.runDue();
    const versions = await as('Käyttäjä', 'A').get(`/api/materialbank-file-versions?id=${pdf.id}`);
    expect(versions.json().versions).toMatchObject([{ file: pdf.file, previewState: 'ready' }]);
    expect((await previewOf('Käyttäjä', 'A', pdf.file)).rawPayload.equals(page.rawPayload)).toBe(
      true,
    );
    const current = replaced.json().materialbankFile.file as string;
    expect((await previewOf('Käyttäjä', 'A', current)).statusCode).toBe(200);

    // The sweep keeps the images; deleting the file removes them with its contents.
    const images = [...(await previewNames(pdf.file)), ...(await previewNames(current))];
    expect(images).toHaveLength(2);
    await ctx.services.materialbank.sweepOrphans(new Date(Date.now() + 365 * 86_400_000));
    for (const image of images) expect(stored()).toContain(image);
    await as('Ylläpitäjä', 'A').delete('/api/materialbank-file', { id: pdf.id });
    for (const image of images) expect(stored()).not.toContain(image);
  });

  it('a JPEG that cannot be decoded is kept and works, with no preview and no 500', async () => {
    const broken = Buffer.concat([JPG.subarray(0, 20), Buffer.alloc(200, 0x55)]);
    const file = await uploaded({
      file: { name: 'rikki.jpg', type: 'image/jpeg', content: broken },
    });
    await ctx.services.previewQueue.runDue();
    expect(await tietoState(file.id)).toBe('none');
    const res = await previewOf('Käyttäjä', 'A', file.file);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'Tiedostolla ei ole esikatselukuvaa',
      code: 'materialbank.PREVIEW_NOT_FOUND',
    });
    expect((await getFile('Käyttäjä', 'A', file.file)).rawPayload.equals(broken)).toBe(true);
  });

  it('a hostile PDF is stopped at the time limit in its thread; the server answers meanwhile', async () => {
    const renderer = createPreviewRenderer({ timeoutMs: 3_000, maxHeapMb: 256 });
    try {
      // Warm (a thread's start loads pdf.js: seconds on a busy machine); the limit is the render's.
      await renderer.render('pdf', new Uint8Array(await cleanPdf()));
      const hostile = await heavyPdf();
      // Nothing in it acts: the upload would take it.
      expect(await pdfRefusal(hostile)).toBeNull();
      const started = Date.now();
      const rendering = renderer.render('pdf', new Uint8Array(hostile));
      const during = Date.now();
      expect((await as('Ylläpitäjä', 'A').get('/api/materialbank-count-files')).statusCode).toBe(
        200,
      );
      expect(Date.now() - during).toBeLessThan(1_000);
      await expect(rendering).rejects.toThrow(/abort/i);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await renderer.close();
    }
  }, 90_000);
});
