import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minimalJpeg, minimalPdf } from '../../src/db/demo/materialbank.js';
import {
  materialbankApplications,
  materialbankFiles,
  materialbankPermissions,
  materialbankPreviews,
  materialbankTargets,
} from '../../src/db/schema/index.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import { multipartBody } from '../helpers/multipart.js';
import type { Access, Matrix } from './matrix.js';
import { freshIds, organizationIds, targetIds } from './requests.js';
import { matrixApp } from './runner.js';

const SECTION = { section: 'materiaalipankki', minRole: 'Käyttäjä' } as const satisfies Access;
const MANAGE = { section: 'materiaalipankki', minRole: 'Pääkäyttäjä' } as const satisfies Access;
const DELETE = { section: 'materiaalipankki', minRole: 'Ylläpitäjä' } as const satisfies Access;

const PDF = minimalPdf('Matriisi');

/**
 * A stored file of the organization that every role of it may see: all four roles, the target
 * its fixture users are linked to, Tieto and Vainu, Aktiivinen; its object and its preview's in
 * the app's storage.
 */
export async function createMaterialbankFile(fx: Fixtures, org: FixtureOrg) {
  const { ctx } = await matrixApp();
  const dir = path.join(ctx.config.dataDir, 'materialbank');
  mkdirSync(dir, { recursive: true });
  const name = `${randomUUID()}.pdf`;
  writeFileSync(path.join(dir, name), PDF);
  const [file] = await fx.db
    .insert(materialbankFiles)
    .values({
      organizationId: org.id,
      title: `Matriisitiedosto ${name.slice(0, 8)}`,
      file: name,
      fileName: `matriisi-${name.slice(0, 8)}.pdf`,
      fileExtension: 'pdf',
      fileType: 'pdf',
      fileSize: PDF.length,
    })
    .returning({ id: materialbankFiles.id });
  if (!file) throw new Error('matrix: file not stored');
  const [target] = await fx.db
    .insert(materialbankTargets)
    .values({ fileId: file.id, targetId: org.target.id })
    .returning({ id: materialbankTargets.id });
  await fx.db.insert(materialbankPermissions).values(
    (['Käyttäjä', 'Pääkäyttäjä', 'Ylläpitäjä', 'Pääylläpitäjä'] as const).map((permission) => ({
      fileId: file.id,
      permission,
    })),
  );
  await fx.db.insert(materialbankApplications).values([
    { fileId: file.id, applicationId: 1 },
    { fileId: file.id, applicationId: 2 },
  ]);
  const preview = `${randomUUID()}.jpg`;
  writeFileSync(path.join(dir, preview), minimalJpeg());
  await fx.db.insert(materialbankPreviews).values({
    organizationId: org.id,
    fileId: file.id,
    source: name,
    status: 'ready',
    preview,
  });
  return { id: file.id, name, targetLinkId: target?.id ?? '' };
}

const editBody = (id: string, org: FixtureOrg) => ({
  id,
  title: 'Matriisimuokkaus',
  targets: [org.target.id],
  permissions: ['Käyttäjä'],
  applications: [1],
  state: 'Aktiivinen',
});

async function uploadRequest(organizationId: string, targetId: string) {
  const { payload, headers } = await multipartBody(
    {
      title: 'Matriisilataus',
      organizationId,
      targets: targetId,
      permissions: 'Käyttäjä',
      applications: '1',
      state: 'Aktiivinen',
    },
    { name: 'matriisi.pdf', type: 'application/pdf', content: PDF },
  );
  return { url: '/api/materialbank-file', body: payload, headers };
}

async function replaceRequest(id: string) {
  const { payload, headers } = await multipartBody(
    { id },
    { name: 'uusi.pdf', type: 'application/pdf', content: PDF },
  );
  return { url: '/api/materialbank-file-replace', body: payload, headers };
}

/** Materiaalipankki: files, their links and the stored objects. */
export const materialbankMatrix: Matrix = {
  'GET /api/materialbank-files': { access: SECTION },
  'GET /api/materialbank-files-organization': {
    access: SECTION,
    ids: organizationIds((id) => `/api/materialbank-files-organization?organizationId=${id}`),
  },
  'GET /api/materialbank-file-targets': {
    access: SECTION,
    ids: freshIds('materialbank.FILE_NOT_FOUND', async (fx, org) => ({
      url: `/api/materialbank-file-targets?id=${org ? (await createMaterialbankFile(fx, org)).id : fx.missing}`,
    })),
  },
  'GET /api/materialbank-pdf-files': { access: SECTION },
  'GET /api/materialbank-count-targets': { access: SECTION },
  'GET /api/materialbank-count-files': {
    access: SECTION,
    ids: organizationIds((id) => `/api/materialbank-count-files?organizationId=${id}`),
  },
  'GET /api/materialbank-applications': { access: SECTION },
  'GET /api/materialbank-files-by-user': {
    access: { section: 'tieto', minRole: 'Käyttäjä' },
    ids: targetIds((id) => `/api/materialbank-files-by-user?appId=1&targetId=${id}`),
  },
  'GET /api/materialbank-file-access': {
    access: DELETE,
    ids: freshIds('materialbank.FILE_NOT_FOUND', async (fx, org) => ({
      url: `/api/materialbank-file-access?id=${org ? (await createMaterialbankFile(fx, org)).id : fx.missing}`,
    })),
  },
  'GET /api/materialbank-file-versions': {
    access: 'signedIn',
    ids: freshIds('materialbank.FILE_NOT_FOUND', async (fx, org) => ({
      url: `/api/materialbank-file-versions?id=${org ? (await createMaterialbankFile(fx, org)).id : fx.missing}`,
    })),
  },
  'GET /api/materialbank-get-file': {
    access: 'signedIn',
    ids: freshIds('materialbank.FILE_NOT_FOUND', async (fx, org) => ({
      url: `/api/materialbank-get-file?file=${org ? (await createMaterialbankFile(fx, org)).name : `${randomUUID()}.pdf`}`,
    })),
  },
  'GET /api/materialbank-file-preview': {
    access: 'signedIn',
    ids: freshIds('materialbank.FILE_NOT_FOUND', async (fx, org) => ({
      url: `/api/materialbank-file-preview?file=${org ? (await createMaterialbankFile(fx, org)).name : `${randomUUID()}.pdf`}`,
    })),
  },
  'POST /api/materialbank-file': {
    access: MANAGE,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      of: (_fx, org) => uploadRequest(org.id, org.target.id),
      missing: (fx) => uploadRequest(fx.missing, fx.orgA.target.id),
    },
  },
  'POST /api/materialbank-file-replace': {
    access: MANAGE,
    ids: freshIds('materialbank.FILE_NOT_FOUND', async (fx, org) =>
      replaceRequest(org ? (await createMaterialbankFile(fx, org)).id : fx.missing),
    ),
  },
  'PATCH /api/materialbank-file': {
    access: MANAGE,
    ids: freshIds('materialbank.FILE_NOT_FOUND', async (fx, org) => ({
      url: '/api/materialbank-file',
      body: org
        ? editBody((await createMaterialbankFile(fx, org)).id, org)
        : editBody(fx.missing, fx.orgA),
    })),
  },
  'PATCH /api/materialbank-data-remove': {
    access: MANAGE,
    ids: freshIds('materialbank.FILE_NOT_FOUND', async (fx, org) => ({
      url: '/api/materialbank-data-remove',
      body: { targets: [org ? (await createMaterialbankFile(fx, org)).targetLinkId : fx.missing] },
    })),
  },
  'DELETE /api/materialbank-file': {
    access: DELETE,
    ids: freshIds('materialbank.FILE_NOT_FOUND', async (fx, org) => ({
      url: '/api/materialbank-file',
      body: { id: org ? (await createMaterialbankFile(fx, org)).id : fx.missing },
    })),
  },
};
