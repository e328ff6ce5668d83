import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { createLocalStorage } from '../../lib/storage/local-storage.js';
import { type FileStorage, newObjectName } from '../../lib/storage/storage.js';
import type { Db } from '../client.js';
import {
  materialbankApplications,
  materialbankFiles,
  materialbankPermissions,
  materialbankPreviews,
  materialbankTargets,
  organizations,
  targets,
} from '../schema/index.js';

/**
 * A small valid PDF with one page showing `text` (ASCII), its cross-reference offsets counted,
 * so viewers open it without repair.
 */
export function minimalPdf(text: string): Buffer {
  const safe = text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, (c) => `\\${c}`);
  const content = `BT /F1 24 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A valid 1×1 pixel baseline JPEG. */
export function minimalJpeg(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
    'base64',
  );
}

interface DemoFile {
  title: string;
  organization: string;
  fileName: string;
  content: () => Buffer;
  kind: 'pdf' | 'jpg';
  targets: string[];
  permissions: ('Käyttäjä' | 'Pääkäyttäjä' | 'Ylläpitäjä' | 'Pääylläpitäjä')[];
  applications: number[];
  info?: string;
}

const DEMO_FILES: DemoFile[] = [
  {
    title: 'Taloyhtiön järjestyssäännöt',
    organization: 'Demo Kiinteistöt Oy',
    fileName: 'jarjestyssaannot.pdf',
    content: () => minimalPdf('Jarjestyssaannot - Demo Kiinteistot Oy'),
    kind: 'pdf',
    targets: ['As Oy Kivikko', 'Rivitalo Haukilahti'],
    permissions: ['Käyttäjä', 'Pääkäyttäjä', 'Ylläpitäjä', 'Pääylläpitäjä'],
    applications: [1, 2],
    info: 'Asukkaille jaettavat järjestyssäännöt.',
  },
  {
    title: 'Huoltokirja 2026',
    organization: 'Demo Kiinteistöt Oy',
    fileName: 'huoltokirja.2026.pdf',
    content: () => minimalPdf('Huoltokirja 2026'),
    kind: 'pdf',
    targets: ['As Oy Kivikko'],
    permissions: ['Pääkäyttäjä', 'Ylläpitäjä'],
    applications: [1],
  },
  {
    title: 'Julkisivukuva',
    organization: 'Demo Kiinteistöt Oy',
    fileName: 'julkisivu.jpg',
    content: minimalJpeg,
    kind: 'jpg',
    targets: ['As Oy Kivikko'],
    permissions: ['Käyttäjä', 'Pääkäyttäjä', 'Ylläpitäjä'],
    applications: [2],
  },
  {
    title: 'Tampereen kohteen pohjapiirros',
    organization: 'Toinen Taloyhtiö Oy',
    fileName: 'pohjapiirros.pdf',
    content: () => minimalPdf('Pohjapiirros - Toinen Taloyhtio Oy'),
    kind: 'pdf',
    targets: [],
    permissions: ['Käyttäjä', 'Ylläpitäjä'],
    applications: [2],
  },
];

/**
 * Demo files for Materiaalipankki, stored through the storage interface in DATA_DIR and linked
 * to demo targets, their previews queued; the second organization gets one too (isolation).
 */
export async function seedMaterialbank(
  db: Db,
  dataDir: string,
  storage: FileStorage = createLocalStorage(path.join(dataDir, 'materialbank')),
): Promise<void> {
  for (const demo of DEMO_FILES) {
    const [organization] = await db
      .select({ id: organizations.organizationId })
      .from(organizations)
      .where(eq(organizations.organizationName, demo.organization));
    if (!organization) continue;
    const targetRows = await db
      .select({ id: targets.targetId, name: targets.targetName })
      .from(targets)
      .where(eq(targets.organizationId, organization.id));
    const targetIds = demo.targets.length
      ? targetRows.filter((row) => demo.targets.includes(row.name)).map((row) => row.id)
      : targetRows.slice(0, 1).map((row) => row.id);
    const name = newObjectName(demo.kind);
    const bytes = demo.content();
    await storage.put(name, Readable.from([bytes]));
    await db.transaction(async (tx) => {
      const [file] = await tx
        .insert(materialbankFiles)
        .values({
          organizationId: organization.id,
          title: demo.title,
          file: name,
          fileName: demo.fileName,
          fileExtension: demo.fileName.slice(demo.fileName.indexOf('.') + 1),
          fileType: demo.kind,
          fileSize: bytes.length,
          info: demo.info ?? null,
        })
        .returning({ id: materialbankFiles.id });
      if (!file) throw new Error('seed: material bank file not stored');
      if (targetIds.length > 0) {
        await tx
          .insert(materialbankTargets)
          .values(targetIds.map((targetId) => ({ fileId: file.id, targetId })));
      }
      await tx
        .insert(materialbankPermissions)
        .values(demo.permissions.map((permission) => ({ fileId: file.id, permission })));
      await tx
        .insert(materialbankApplications)
        .values(demo.applications.map((applicationId) => ({ fileId: file.id, applicationId })));
      // The preview worker makes its preview once the app runs.
      await tx
        .insert(materialbankPreviews)
        .values({ organizationId: organization.id, fileId: file.id, source: name });
    });
  }
}
