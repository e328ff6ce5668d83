import { Readable } from 'node:stream';
import {
  type CreateMaterialbankFileFields,
  can,
  createMaterialbankFileFields,
  MATERIALBANK_ACCESS_LIMIT,
  MATERIALBANK_AREA_APPLICATION,
  MATERIALBANK_AREAS,
  MATERIALBANK_KINDS,
  type MaterialbankDataRemoveBody,
  type MaterialbankFileRecord,
  type MaterialbankKind,
  materialbankFileQuery,
  type UpdateMaterialbankFileBody,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { authorize, homeOrganization, type Scope, systemScope } from '../../lib/scope.js';
import { fileKindOf, SAMPLE_BYTES } from '../../lib/storage/file-kind.js';
import { type FileStorage, newObjectName, OBJECT_NAME } from '../../lib/storage/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { TargetsRepository } from '../targets/targets.repository.js';
import type { FileLinks, MaterialbankRepository, Reader } from './materialbank.repository.js';

const SECTION = { do: 'openSection', section: 'materiaalipankki' } as const;
const MANAGE = { do: 'manageMaterialbank' } as const;
const DELETE = { do: 'deleteMaterialbankFile' } as const;
const SIGNED_IN = { do: 'signIn' } as const;

/** What an upload left in storage before its row is written. */
export interface StoredUpload {
  name: string;
  size: number;
  kind: MaterialbankKind;
  fileName: string;
  fileExtension: string;
}

const fileFieldError = (key: string) =>
  new AppError(400, 'VALIDATION_FAILED', { file: `validation.materialbank.${key}` });

/** The uploaded name's part after the first dot (spec 001 §5); shown, never trusted. */
export function extensionOf(fileName: string): string {
  const dot = fileName.indexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1);
}

/** A name fit to show and to put in Content-Disposition: no path, no control characters. */
export function cleanFileName(raw: string, kind: MaterialbankKind): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return base === '' || base === '.' || base === '..'
    ? `tiedosto.${MATERIALBANK_KINDS[kind].extension}`
    : base;
}

/** Extensions that already say the stored type; any other is replaced or added to. */
const OWN_EXTENSIONS: Record<MaterialbankKind, readonly string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg', 'jpeg'],
};

/**
 * The name a file is saved under when downloaded (Content-Disposition): the uploaded name with
 * the extension of the type found in its content, so `polypdf.html` holding a PDF is saved as
 * `polypdf.pdf` and never opens from the disk as something else. An extension-like ending (a
 * letter and up to 9 letters or digits) is replaced; anything else is kept and the type's added.
 */
export function downloadName(fileName: string, kind: MaterialbankKind): string {
  const dot = fileName.lastIndexOf('.');
  const ending = dot > 0 ? fileName.slice(dot + 1) : '';
  if (OWN_EXTENSIONS[kind].includes(ending.toLowerCase())) return fileName;
  const base = /^[a-z][a-z0-9]{0,9}$/i.test(ending) ? fileName.slice(0, dot) : fileName;
  return `${base}.${MATERIALBANK_KINDS[kind].extension}`;
}

/** Errors of the upload stream that mean "too large" (busboy's limit, @fastify/multipart's error). */
function isTooLarge(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT';
}

/** Zod issues of the multipart fields as the error handler's `fields` (i18n keys). */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    fields[field] ??= issue.message.startsWith('validation.')
      ? issue.message
      : 'validation.invalidValue';
  }
  return fields;
}

/**
 * Materiaalipankki (spec 001 §2, §6, §7): files per organization with targets, role permissions
 * and applications. Managers (Materiaalipankki and a role above Käyttäjä) upload and edit and
 * see every file of their organization; Ylläpitäjä and Pääylläpitäjä delete. Anyone else sees
 * only the Aktiivinen files that permit their role, are for one of their targets and are for an
 * application of an area they may open — in the lists and when fetching the file itself.
 */
export function createMaterialbankService({
  db,
  files,
  organizations,
  targets,
  audit,
  storage,
  orphanGraceMs,
  kickPreviews,
}: {
  db: Db;
  files: MaterialbankRepository;
  organizations: Pick<OrganizationsRepository, 'lookup' | 'find'>;
  targets: Pick<TargetsRepository, 'listIdsOfOrganization'>;
  audit: AuditService;
  storage: FileStorage;
  orphanGraceMs: number;
  /** Starts the preview worker's pass after a commit that queued a preview (preview-queue.ts). */
  kickPreviews: () => void;
}) {
  const audited = auditedChanges({ db, audit });

  /** The caller's reading rights in Materiaalipankki and when fetching a file. */
  function readerOf(caller: Caller): Reader {
    const manager = can(caller, MANAGE);
    const applicationIds = can(caller, SECTION)
      ? null
      : (['tieto', 'vainu'] as const)
          .filter((section) => can(caller, { do: 'openSection', section }))
          .map((section) => MATERIALBANK_AREA_APPLICATION[section]);
    return { manager, role: caller.userRoles, applicationIds };
  }

  async function read(scope: Scope, caller: Caller, id: string): Promise<MaterialbankFileRecord> {
    const [file] = await files.list(scope, readerOf(caller), { ids: [id] });
    if (!file) throw notFound('materialbank.FILE_NOT_FOUND');
    return file;
  }

  /** Every target must be the organization's (the schema admits only the areas' ids). */
  async function checkLinks(scope: Scope, organizationId: string, links: FileLinks) {
    const found = await targets.listIdsOfOrganization(scope, organizationId, links.targets);
    if (found.length !== links.targets.length) throw notFound('TARGET_NOT_FOUND');
  }

  const linksOf = (body: {
    targets: string[];
    permissions: FileLinks['permissions'];
    applications: number[];
  }): FileLinks => ({
    targets: [...new Set(body.targets)],
    permissions: [...new Set(body.permissions)],
    applications: [...new Set(body.applications)],
  });

  return {
    /** 403 before any byte of an upload is read, for a caller who may not add files. */
    assertMayUpload(caller: Caller): void {
      authorize(caller, MANAGE);
    },

    /**
     * Streams an uploaded file into storage under a new random name, after its first bytes show
     * a PDF or a JPEG; anything else is refused (400) and nothing is stored. So is a PDF with
     * JavaScript, a launch action or embedded files, an encrypted one or one that cannot be read
     * (pdf-active-content.ts), with fields.file naming why. A file over the limit (413) leaves
     * nothing behind either. The object has no row yet: `create` writes it,
     * or `discard` removes the object; a crash in between leaves an orphan for the sweep.
     */
    async storeUpload(
      caller: Caller,
      part: { file: Readable & { truncated?: boolean }; filename: string },
    ): Promise<StoredUpload> {
      authorize(caller, MANAGE);
      const tooLarge = () =>
        new AppError(413, 'materialbank.FILE_TOO_LARGE', {
          file: 'validation.materialbank.fileTooLarge',
        });
      const source = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const drain = () => {
        // The rest of a refused file is read and dropped, so the request ends normally.
        void (async () => {
          try {
            while (!(await source.next()).done);
          } catch {
            // A limit error on the way: nothing to keep anyway.
          }
        })();
      };
      const chunks: Buffer[] = [];
      let sampled = 0;
      let ended = false;
      try {
        while (sampled < SAMPLE_BYTES) {
          const next = await source.next();
          if (next.done) {
            ended = true;
            break;
          }
          chunks.push(next.value);
          sampled += next.value.length;
        }
      } catch (err) {
        if (isTooLarge(err)) throw tooLarge();
        throw err;
      }
      const head = Buffer.concat(chunks);
      const kind = await fileKindOf(head);
      if (!kind) {
        if (!ended) drain();
        throw fileFieldError('fileType');
      }
      // A PDF is also kept in memory (at most MATERIALBANK_MAX_FILE_MB) to be checked whole.
      const whole: Buffer[] | undefined = kind === 'pdf' ? [head] : undefined;
      const detected = Readable.from(
        (async function* () {
          yield head;
          if (ended) return;
          for (let next = await source.next(); !next.done; next = await source.next()) {
            whole?.push(next.value);
            yield next.value;
          }
        })(),
      );
      const name = newObjectName(MATERIALBANK_KINDS[kind].extension);
      let size: number;
      try {
        size = await storage.put(name, detected);
      } catch (err) {
        await storage.remove(name);
        // The limit's error may come back wrapped by the storage client; busboy's flag says it.
        if (isTooLarge(err) || part.file.truncated) throw tooLarge();
        throw err;
      }
      if (part.file.truncated) {
        await storage.remove(name);
        throw tooLarge();
      }
      // JavaScript, launch actions and embedded files have no place in the material bank.
      // pdf-lib loads with the first PDF, not at every start (docs/performance.md).
      const refusal =
        whole && (await (await import('./pdf-active-content.js')).pdfRefusal(Buffer.concat(whole)));
      if (refusal) {
        await storage.remove(name);
        throw fileFieldError(refusal);
      }
      const fileName = cleanFileName(part.filename, kind);
      return { name, size, kind, fileName, fileExtension: extensionOf(fileName).slice(0, 50) };
    },

    /** Removes an upload whose row was never written. */
    discard: (upload: StoredUpload) => storage.remove(upload.name),

    /** Writes the row and links of a stored upload (spec 001 §5 rules); on failure removes it. */
    async create(
      caller: Caller,
      rawFields: Record<string, string>,
      upload: StoredUpload | undefined,
    ): Promise<MaterialbankFileRecord> {
      const scope = authorize(caller, MANAGE);
      try {
        const parsed = createMaterialbankFileFields.safeParse(rawFields);
        const fields = parsed.success ? undefined : fieldErrors(parsed.error.issues);
        if (!upload || fields) {
          throw new AppError(400, 'VALIDATION_FAILED', {
            ...fields,
            ...(!upload && { file: 'validation.materialbank.fileRequired' }),
          });
        }
        const body = parsed.data as CreateMaterialbankFileFields;
        const organizationId = homeOrganization(scope, body.organizationId, 'organizationId');
        if (!(await organizations.lookup(scope, organizationId))) {
          throw notFound('ORGANIZATION_NOT_FOUND');
        }
        const links = linksOf(body);
        await checkLinks(scope, organizationId, links);
        const { entityId: id } = await audited(scope, async () => {
          const fileId = await files.insert(scope, {
            organizationId,
            title: body.title,
            file: upload.name,
            fileName: upload.fileName,
            fileExtension: upload.fileExtension,
            fileType: upload.kind,
            fileSize: upload.size,
            info: body.info || null,
            state: body.state,
            uploadedBy: caller.userId,
          });
          await files.setLinks(scope, fileId, links);
          await files.queuePreview(scope, { organizationId, fileId, source: upload.name });
          return {
            action: 'materialbankFile.create',
            entityId: fileId,
            organizationId,
            details: { title: body.title, fileType: upload.kind, fileSize: upload.size, ...links },
          };
        });
        kickPreviews();
        return read(scope, caller, id);
      } catch (err) {
        if (upload) await storage.remove(upload.name);
        throw err;
      }
    },

    /**
     * Replaces a file's content with a stored upload: the former content stays as an earlier
     * version, downloadable by its own stored name. On failure the upload is removed.
     */
    async replace(caller: Caller, id: string | undefined, upload: StoredUpload | undefined) {
      const scope = authorize(caller, MANAGE);
      try {
        const parsedId = materialbankFileQuery.safeParse({ id });
        if (!upload || !parsedId.success) {
          throw new AppError(400, 'VALIDATION_FAILED', {
            ...(!parsedId.success && { id: 'validation.invalidValue' }),
            ...(!upload && { file: 'validation.materialbank.fileRequired' }),
          });
        }
        const before = await read(scope, caller, parsedId.data.id);
        await audited(scope, async () => {
          const replaced = await files.replaceContent(scope, before.id, {
            file: upload.name,
            fileName: upload.fileName,
            fileExtension: upload.fileExtension,
            fileType: upload.kind,
            fileSize: upload.size,
            uploadedBy: caller.userId,
          });
          if (!replaced) throw notFound('materialbank.FILE_NOT_FOUND');
          await files.queuePreview(scope, {
            organizationId: before.organizationId,
            fileId: before.id,
            source: upload.name,
          });
          return {
            action: 'materialbankFile.replace',
            entityId: before.id,
            organizationId: before.organizationId,
            details: { fileType: upload.kind, fileSize: upload.size, previous: replaced.file },
          };
        });
        kickPreviews();
        return read(scope, caller, before.id);
      } catch (err) {
        if (upload) await storage.remove(upload.name);
        throw err;
      }
    },

    /** A file's earlier versions, for whoever sees the file (in any list, as the file itself). */
    async listVersions(caller: Caller, id: string) {
      const scope = authorize(caller, SIGNED_IN);
      await read(scope, caller, id);
      const rows = await files.listVersions(scope, id);
      return rows.map((row) => ({
        ...row,
        uploadedAt: row.uploadedAt.toISOString(),
        replacedAt: row.replacedAt.toISOString(),
      }));
    },

    /** The Materiaalipankki list; the top administrator may narrow it to one organization. */
    list(caller: Caller, organizationId?: string) {
      const scope = authorize(caller, SECTION);
      return files.list(scope, readerOf(caller), organizationId ? { organizationId } : {});
    },

    async listOfOrganization(caller: Caller, organizationId: string) {
      const scope = authorize(caller, SECTION);
      if (!(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      return files.list(scope, readerOf(caller), { organizationId });
    },

    listPdf(caller: Caller) {
      const scope = authorize(caller, SECTION);
      return files.list(scope, readerOf(caller), { fileType: 'pdf' });
    },

    async targetsOf(caller: Caller, id: string) {
      const scope = authorize(caller, SECTION);
      return (await read(scope, caller, id)).MaterialbankTargets;
    },

    countByTarget(caller: Caller) {
      const scope = authorize(caller, SECTION);
      return files.countByTarget(scope, readerOf(caller));
    },

    /** The dashboard: counts by type, and the organization's name and address beside them. */
    async countByType(caller: Caller, organizationId: string | undefined) {
      const scope = authorize(caller, SECTION);
      const organization = await organizations.find(scope, organizationId ?? caller.organizationId);
      if (!organization) throw notFound('ORGANIZATION_NOT_FOUND');
      const { pdf, jpg } = await files.countByType(scope, readerOf(caller), organizationId);
      return {
        pdf,
        jpg,
        totalFiles: pdf + jpg,
        organization: {
          organizationId: organization.organizationId,
          organizationName: organization.organizationName,
          organizationAddress: organization.organizationAddress,
          organizationZipCode: organization.organizationZipCode,
          organizationPostalDistrict: organization.organizationPostalDistrict,
        },
      };
    },

    /** The areas a file may be shown in (1 Tieto, 2 Vainu), for the upload form. */
    listApplications(caller: Caller) {
      authorize(caller, SECTION);
      return MATERIALBANK_AREAS.map((area) => ({ ...area }));
    },

    /**
     * Tieto and Vainu lists: the caller's organization and role decide, never the request.
     * `appId` names the area's application (1 Tieto, 2 Vainu); asking for an area the caller
     * cannot open is 403. A target outside the caller's targets answers TARGET_NOT_FOUND.
     */
    async listForUser(caller: Caller, query: { appId: number; targetId?: string | undefined }) {
      const area = (['tieto', 'vainu'] as const).find(
        (section) => MATERIALBANK_AREA_APPLICATION[section] === query.appId,
      );
      if (!area) {
        throw new AppError(400, 'VALIDATION_FAILED', { appId: 'validation.invalidValue' });
      }
      const scope = authorize(caller, { do: 'openSection', section: area });
      if (query.targetId && !(await files.targetVisible(scope, query.targetId))) {
        throw notFound('TARGET_NOT_FOUND');
      }
      const reader: Reader = {
        manager: false,
        role: caller.userRoles,
        applicationIds: [query.appId],
      };
      return files.listForUser(scope, reader, query.targetId);
    },

    /**
     * The stored object behind a name, when the caller may see its file; anything else — a
     * name of another organization, one never stored, a path — is FILE_NOT_FOUND. The name is
     * looked up in the database, never on the filesystem.
     */
    async open(caller: Caller, file: string) {
      const scope = authorize(caller, SIGNED_IN);
      // Only names the server ever gives out are looked up; anything else cannot be a file.
      if (!OBJECT_NAME.test(file)) throw notFound('materialbank.FILE_NOT_FOUND');
      const found = await files.findStored(scope, readerOf(caller), file);
      if (!found) throw notFound('materialbank.FILE_NOT_FOUND');
      const stored = await storage.stat(found.file);
      if (!stored) throw notFound('materialbank.FILE_NOT_FOUND');
      return {
        ...found,
        size: stored.size,
        stream: (range?: { start: number; end: number }) => storage.open(found.file, range),
        /** Records the opening or download (once per fetch of the file or its first range). */
        recordAccess: (download: boolean) =>
          files.recordAccess(scope, {
            organizationId: found.organizationId,
            fileId: found.id,
            userId: caller.userId,
            download,
          }),
      };
    },

    /**
     * The preview image of a stored content (a file's or an earlier version's) for whoever may
     * fetch the content itself; PREVIEW_NOT_FOUND while it is being made or when none could be.
     * Seeing a preview is not an opening of the file: no access is recorded.
     */
    async openPreview(caller: Caller, file: string) {
      const scope = authorize(caller, SIGNED_IN);
      if (!OBJECT_NAME.test(file)) throw notFound('materialbank.FILE_NOT_FOUND');
      const found = await files.findStored(scope, readerOf(caller), file);
      if (!found) throw notFound('materialbank.FILE_NOT_FOUND');
      const preview = await files.findPreview(scope, found.file);
      const stored = preview && (await storage.stat(preview));
      if (!preview || !stored) throw notFound('materialbank.PREVIEW_NOT_FOUND');
      return { size: stored.size, stream: () => storage.open(preview) };
    },

    /** Who opened or downloaded a file and when: Ylläpitäjä and Pääylläpitäjä (as delete). */
    async listAccess(caller: Caller, id: string) {
      const scope = authorize(caller, DELETE);
      await read(scope, caller, id);
      const rows = await files.listAccess(scope, id, MATERIALBANK_ACCESS_LIMIT);
      return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
    },

    /** The edit dialog: fields saved and the links replaced in one transaction. */
    async update(caller: Caller, body: UpdateMaterialbankFileBody) {
      const scope = authorize(caller, MANAGE);
      const before = await read(scope, caller, body.id);
      const links = linksOf(body);
      await checkLinks(scope, before.organizationId, links);
      await audited(scope, async () => {
        requireWritten(
          await files.update(scope, body.id, {
            title: body.title,
            info: body.info ?? null,
            state: body.state,
          }),
          'materialbank.FILE_NOT_FOUND',
        );
        await files.setLinks(scope, body.id, links);
        return {
          action: 'materialbankFile.update',
          entityId: body.id,
          organizationId: before.organizationId,
          details: { title: body.title, state: body.state, ...links },
        };
      });
      return read(scope, caller, body.id);
    },

    /** Removes links by their ids (spec's first step of an edit); none in scope is 404. */
    async removeLinks(caller: Caller, body: MaterialbankDataRemoveBody) {
      const scope = authorize(caller, MANAGE);
      await audited(scope, async () => {
        const removed = await files.removeLinks(scope, body);
        if (removed === 0) throw notFound('materialbank.FILE_NOT_FOUND');
        return {
          action: 'materialbankFile.linksRemove',
          entityId: null,
          organizationId: scope.organizationId,
          details: { ...body, removed },
        };
      });
    },

    /**
     * Deletes the row (with its audit entry) first, then the stored object. Should the process
     * stop between the two, the object is an orphan and the sweep removes it; the reverse order
     * could leave a row whose file is gone.
     */
    async remove(caller: Caller, id: string) {
      const scope = authorize(caller, DELETE);
      const stored = await files.storedNames(scope, id);
      const { removed } = await audited(scope, async () => {
        const row = requireWritten(await files.remove(scope, id), 'materialbank.FILE_NOT_FOUND');
        return {
          action: 'materialbankFile.delete',
          entityId: id,
          organizationId: row.organizationId,
          details: { title: row.title },
          removed: row,
        };
      });
      for (const name of [removed.file, ...stored]) await storage.remove(name);
    },

    /**
     * Removes stored objects without a row that are older than the grace period (an upload still
     * under way has no row yet). Returns the names removed.
     */
    async sweepOrphans(now = new Date()): Promise<string[]> {
      const scope = systemScope('fileSweep');
      const old: string[] = [];
      for await (const object of storage.list()) {
        if (now.getTime() - object.modifiedAt.getTime() >= orphanGraceMs) old.push(object.name);
      }
      const removed: string[] = [];
      for (let i = 0; i < old.length; i += 500) {
        const batch = old.slice(i, i + 500);
        const kept = await files.namesWithRows(scope, batch);
        for (const name of batch) {
          if (kept.has(name)) continue;
          await storage.remove(name);
          removed.push(name);
        }
      }
      return removed;
    },
  };
}

export type MaterialbankService = ReturnType<typeof createMaterialbankService>;
