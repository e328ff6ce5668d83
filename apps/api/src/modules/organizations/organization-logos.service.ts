import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { authorize } from '../../lib/scope.js';
import { type FileStorage, newObjectName } from '../../lib/storage/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges } from '../audit/audited.js';
import type { OrganizationsRepository } from './organizations.repository.js';

const ADMINISTER = { do: 'administer' } as const;
const MANAGE = [ADMINISTER, { do: 'manageOrganizationLogo' }] as const;

/** The image kinds a logo may be, by their signatures (PNG: ISO/IEC 15948 §5.2; JPEG: SOI + a marker). */
const KINDS = {
  png: { contentType: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  jpg: { contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
} as const;
type LogoKind = keyof typeof KINDS;

/** The kind of image the bytes are, by their content alone; undefined for anything else. */
export function logoKind(bytes: Uint8Array): LogoKind | undefined {
  return (Object.keys(KINDS) as LogoKind[]).find((kind) =>
    KINDS[kind].magic.every((byte, i) => bytes[i] === byte),
  );
}

const kindOfName = (name: string): LogoKind => (name.endsWith('.png') ? 'png' : 'jpg');

async function readAll(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Organization logos (Hallinta → Organisaatiot, the report's first page): the bytes in their own
 * storage area (never in the organizations table, which holds only the object name), replaced
 * whole, removed with the row's reference. Ylläpitäjä and above, in their own organization; the
 * top administrator in any; another organization answers 404.
 */
export function createOrganizationLogosService({
  db,
  organizations,
  storage,
  audit,
}: {
  db: Db;
  organizations: Pick<OrganizationsRepository, 'logoOf' | 'setLogo'>;
  storage: FileStorage;
  audit: Pick<AuditService, 'record'>;
}) {
  const audited = auditedChanges({ db, audit });

  /** Points the row at `logo` (null: none) and removes the object it replaced. */
  async function replace(caller: Caller, organizationId: string, logo: string | null) {
    const scope = authorize(caller, ...MANAGE);
    let replaced: string | null = null;
    await audited(scope, async () => {
      const set = await organizations.setLogo(scope, organizationId, logo);
      if (!set) throw notFound('ORGANIZATION_NOT_FOUND');
      replaced = set.replaced;
      return {
        action: logo ? 'organization.logo.set' : 'organization.logo.remove',
        entityId: organizationId,
        organizationId,
        details: { organizationLogo: logo !== null },
      };
    });
    if (replaced) await storage.remove(replaced);
  }

  return {
    /** 403 before any byte of an upload is read, for a caller who may not change logos. */
    assertMayUpload(caller: Caller): void {
      authorize(caller, ...MANAGE);
    },

    /** Stores a PNG or JPEG (judged by its bytes) as the organization's logo. */
    async put(caller: Caller, organizationId: string, bytes: Buffer): Promise<void> {
      const scope = authorize(caller, ...MANAGE);
      if (!(await organizations.logoOf(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      const kind = logoKind(bytes);
      if (!kind) throw new AppError(400, 'VALIDATION_FAILED', { file: 'validation.logoType' });
      const name = newObjectName(kind);
      await storage.put(name, Readable.from([bytes]));
      try {
        await replace(caller, organizationId, name);
      } catch (err) {
        await storage.remove(name);
        throw err;
      }
    },

    /** The logo's bytes and type; null when the organization has none. */
    async get(caller: Caller, organizationId: string) {
      const scope = authorize(caller, ADMINISTER);
      const row = await organizations.logoOf(scope, organizationId);
      if (!row) throw notFound('ORGANIZATION_NOT_FOUND');
      if (!row.logo) return null;
      return {
        bytes: await readAll(await storage.open(row.logo)),
        contentType: KINDS[kindOfName(row.logo)].contentType,
      };
    },

    /** Removes the logo (none is no error). */
    async remove(caller: Caller, organizationId: string): Promise<void> {
      await replace(caller, organizationId, null);
    },

    /**
     * The stored logo `name` as a data: URL for the PDF report, or null when it is gone. The
     * caller has already read `name` from a row in its scope.
     */
    async dataUrl(name: string): Promise<string | null> {
      if (!(await storage.stat(name))) return null;
      const bytes = await readAll(await storage.open(name));
      return `data:${KINDS[kindOfName(name)].contentType};base64,${bytes.toString('base64')}`;
    },
  };
}

export type OrganizationLogosService = ReturnType<typeof createOrganizationLogosService>;
