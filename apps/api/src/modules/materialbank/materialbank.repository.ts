import {
  MATERIALBANK_AREAS,
  type MaterialbankFileRecord,
  type MaterialbankPreviewState,
  type MaterialbankUserFile,
  type Role,
} from '@vahti/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  materialbankApplications,
  materialbankFileAccess,
  materialbankFiles,
  materialbankFileVersions,
  materialbankPermissions,
  materialbankPreviews,
  materialbankTargets,
  organizations,
  targets,
  users,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope, targetVisible } from '../../lib/scope.js';
import { claimDue, fromNow } from '../../lib/work-queue.js';

/**
 * Whom a read is for, besides the scope. A manager (Materiaalipankki and a role above Käyttäjä)
 * reads every file of the scope; anyone else only the Aktiivinen files that permit their role,
 * are for one of the targets the scope sees and, unless `applicationIds` is null, are for one
 * of those applications.
 */
export interface Reader {
  manager: boolean;
  role: Role;
  applicationIds: readonly number[] | null;
}

export type FileValues = Omit<
  typeof materialbankFiles.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

export interface FileLinks {
  targets: string[];
  permissions: Role[];
  applications: number[];
}

export interface StoredFile {
  id: string;
  organizationId: string;
  file: string;
  fileName: string;
  fileType: 'pdf' | 'jpg';
  fileSize: number;
}

/** A queued preview as the worker claims it. */
export interface QueuedPreview {
  id: string;
  source: string;
  attempts: number;
}

/** How a preview attempt ended: the image's stored name, for good without one, or try later. */
export type PreviewOutcome =
  | { preview: string }
  | { failed: string }
  | { retryInMs: number; error: string };

const p = materialbankPreviews;

/** The preview state of the stored content in `source` as the API shows it. */
const previewStateOf = (source: AnyPgColumn) =>
  sql<MaterialbankPreviewState>`coalesce((select case ${p.status} when 'ready' then 'ready' when 'queued' then 'pending' else 'none' end from ${p} where ${p.source} = ${source}), 'none')`;

const areaName = (applicationId: number) =>
  MATERIALBANK_AREAS.find((area) => area.applicationId === applicationId)?.applicationName ??
  String(applicationId);

/** Material bank files and their target, permission and application links. */
export function createMaterialbankRepository(db: Db) {
  const f = materialbankFiles;

  /** The files the reader may see within the scope. */
  function visible(scope: Scope, reader: Reader): SQL | undefined {
    const conditions: (SQL | undefined)[] = [inScope(f.organizationId, scope)];
    if (!reader.manager) {
      conditions.push(
        eq(f.state, 'Aktiivinen'),
        inArray(
          f.id,
          db
            .select({ id: materialbankPermissions.fileId })
            .from(materialbankPermissions)
            .where(eq(materialbankPermissions.permission, reader.role)),
        ),
        inArray(
          f.id,
          db
            .select({ id: materialbankTargets.fileId })
            .from(materialbankTargets)
            .where(targetVisible(db, materialbankTargets.targetId, scope)),
        ),
      );
      if (reader.applicationIds) {
        conditions.push(
          reader.applicationIds.length === 0
            ? sql`false`
            : inArray(
                f.id,
                db
                  .select({ id: materialbankApplications.fileId })
                  .from(materialbankApplications)
                  .where(
                    inArray(materialbankApplications.applicationId, [...reader.applicationIds]),
                  ),
              ),
        );
      }
    }
    return and(...conditions);
  }

  /** Files the scope may write: its organization's. */
  const writable = (scope: Scope, id: string) =>
    and(eq(f.id, id), inScope(f.organizationId, scope));

  async function withLinks(
    rows: (Omit<
      MaterialbankFileRecord,
      | 'MaterialbankTargets'
      | 'MaterialbankPermissions'
      | 'MaterialbankApplications'
      | 'Organization'
      | 'createdAt'
      | 'uploaderName'
    > & {
      uploaderFirstName: string | null;
      uploaderLastName: string | null;
      organizationName: string;
      createdAt: Date;
    })[],
  ): Promise<MaterialbankFileRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [targetLinks, permissionLinks, applicationLinks] = await Promise.all([
      db
        .select({
          fileId: materialbankTargets.fileId,
          id: materialbankTargets.id,
          targetId: materialbankTargets.targetId,
          targetName: targets.targetName,
        })
        .from(materialbankTargets)
        .innerJoin(targets, eq(targets.targetId, materialbankTargets.targetId))
        .where(inArray(materialbankTargets.fileId, ids))
        .orderBy(asc(targets.targetName), asc(materialbankTargets.id)),
      db
        .select({
          fileId: materialbankPermissions.fileId,
          id: materialbankPermissions.id,
          permission: materialbankPermissions.permission,
        })
        .from(materialbankPermissions)
        .where(inArray(materialbankPermissions.fileId, ids))
        .orderBy(asc(materialbankPermissions.permission)),
      db
        .select({
          fileId: materialbankApplications.fileId,
          id: materialbankApplications.id,
          applicationId: materialbankApplications.applicationId,
        })
        .from(materialbankApplications)
        .where(inArray(materialbankApplications.fileId, ids))
        .orderBy(asc(materialbankApplications.applicationId)),
    ]);
    return rows.map(
      ({ organizationName, createdAt, uploaderFirstName, uploaderLastName, ...row }) => ({
        ...row,
        uploaderName:
          uploaderFirstName === null ? null : `${uploaderFirstName} ${uploaderLastName}`,
        Organization: { organizationName },
        MaterialbankTargets: targetLinks
          .filter((link) => link.fileId === row.id)
          .map(({ fileId: _, ...link }) => link),
        MaterialbankPermissions: permissionLinks
          .filter((link) => link.fileId === row.id)
          .map(({ fileId: _, ...link }) => link),
        MaterialbankApplications: applicationLinks
          .filter((link) => link.fileId === row.id)
          .map(({ fileId: _, ...link }) => ({
            ...link,
            Application: { applicationName: areaName(link.applicationId) },
          })),
        createdAt: createdAt.toISOString(),
      }),
    );
  }

  const recordColumns = {
    id: f.id,
    title: f.title,
    organizationId: f.organizationId,
    organizationName: organizations.organizationName,
    file: f.file,
    fileExtension: f.fileExtension,
    fileType: f.fileType,
    fileName: f.fileName,
    fileSize: f.fileSize,
    info: f.info,
    state: f.state,
    createdAt: f.createdAt,
    uploaderFirstName: users.userFirstName,
    uploaderLastName: users.userLastName,
    previewState: previewStateOf(f.file),
  };

  return {
    /** The reader's files with their links, newest first. */
    async list(
      scope: Scope,
      reader: Reader,
      filter: { organizationId?: string; fileType?: 'pdf' | 'jpg'; ids?: string[] } = {},
    ): Promise<MaterialbankFileRecord[]> {
      if (filter.ids?.length === 0) return [];
      const rows = await db
        .select(recordColumns)
        .from(f)
        .innerJoin(organizations, eq(organizations.organizationId, f.organizationId))
        .leftJoin(users, eq(users.userId, f.uploadedBy))
        .where(
          and(
            visible(scope, reader),
            filter.organizationId ? eq(f.organizationId, filter.organizationId) : undefined,
            filter.fileType ? eq(f.fileType, filter.fileType) : undefined,
            filter.ids ? inArray(f.id, filter.ids) : undefined,
          ),
        )
        .orderBy(desc(f.createdAt), asc(f.id))
        .limit(1000);
      return withLinks(rows);
    },

    /** The Tieto and Vainu variant: the reader's files, optionally for one target. */
    listForUser(
      scope: Scope,
      reader: Reader,
      targetId: string | undefined,
    ): Promise<MaterialbankUserFile[]> {
      return db
        .select({
          id: f.id,
          title: f.title,
          info: f.info,
          file: f.file,
          fileType: f.fileType,
          fileName: f.fileName,
          state: f.state,
          createdAt: sql<string>`to_char(${f.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
          previewState: previewStateOf(f.file),
        })
        .from(f)
        .where(
          and(
            visible(scope, reader),
            targetId
              ? inArray(
                  f.id,
                  db
                    .select({ id: materialbankTargets.fileId })
                    .from(materialbankTargets)
                    .where(eq(materialbankTargets.targetId, targetId)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(f.createdAt), asc(f.id))
        .limit(1000);
    },

    /** The file, or an earlier version of it, stored under the name, if the reader sees it. */
    async findStored(scope: Scope, reader: Reader, file: string): Promise<StoredFile | undefined> {
      const [row] = await db
        .select({
          id: f.id,
          organizationId: f.organizationId,
          file: f.file,
          fileName: f.fileName,
          fileType: f.fileType,
          fileSize: f.fileSize,
        })
        .from(f)
        .where(and(eq(f.file, file), visible(scope, reader)));
      if (row) return row;
      const v = materialbankFileVersions;
      const [version] = await db
        .select({
          id: f.id,
          organizationId: f.organizationId,
          file: v.file,
          fileName: v.fileName,
          fileType: v.fileType,
          fileSize: v.fileSize,
        })
        .from(v)
        .innerJoin(f, eq(f.id, v.fileId))
        .where(and(eq(v.file, file), visible(scope, reader)));
      return version;
    },

    /** The file's current content moves to its versions; the new one takes its place. */
    async replaceContent(
      scope: Scope,
      id: string,
      values: Pick<
        FileValues,
        'file' | 'fileName' | 'fileExtension' | 'fileType' | 'fileSize' | 'uploadedBy'
      >,
    ): Promise<{ file: string } | undefined> {
      const [before] = await db
        .select({
          organizationId: f.organizationId,
          file: f.file,
          fileName: f.fileName,
          fileType: f.fileType,
          fileSize: f.fileSize,
          uploadedBy: f.uploadedBy,
          createdAt: f.createdAt,
        })
        .from(f)
        .where(writable(scope, id))
        .for('update');
      if (!before) return undefined;
      await db.insert(materialbankFileVersions).values({
        organizationId: before.organizationId,
        fileId: id,
        file: before.file,
        fileName: before.fileName,
        fileType: before.fileType,
        fileSize: before.fileSize,
        uploadedBy: before.uploadedBy,
        uploadedAt: before.createdAt,
      });
      await db
        .update(f)
        .set({ ...values, createdAt: sql`now()`, updatedAt: sql`now()` })
        .where(writable(scope, id));
      return { file: before.file };
    },

    /** The file's earlier versions, newest first. */
    listVersions(scope: Scope, fileId: string) {
      const v = materialbankFileVersions;
      return db
        .select({
          file: v.file,
          fileName: v.fileName,
          fileType: v.fileType,
          fileSize: v.fileSize,
          uploaderName: sql<string | null>`${users.userFirstName} || ' ' || ${users.userLastName}`,
          uploadedAt: v.uploadedAt,
          replacedAt: v.replacedAt,
          previewState: previewStateOf(v.file),
        })
        .from(v)
        .leftJoin(users, eq(users.userId, v.uploadedBy))
        .where(and(eq(v.fileId, fileId), inScope(v.organizationId, scope)))
        .orderBy(desc(v.replacedAt), desc(v.id));
    },

    /** The stored names of the file's earlier versions and previews (to remove with the file). */
    async storedNames(scope: Scope, fileId: string): Promise<string[]> {
      const v = materialbankFileVersions;
      const [versions, previews] = await Promise.all([
        db
          .select({ file: v.file })
          .from(v)
          .where(and(eq(v.fileId, fileId), inScope(v.organizationId, scope))),
        db
          .select({ file: p.preview })
          .from(p)
          .where(and(eq(p.fileId, fileId), isNotNull(p.preview), inScope(p.organizationId, scope))),
      ]);
      return [...versions, ...previews].flatMap((row) => (row.file ? [row.file] : []));
    },

    /** Queues the preview of a stored content of the file (in the transaction that stores it). */
    async queuePreview(
      scope: Scope,
      values: { organizationId: string; fileId: string; source: string },
    ): Promise<void> {
      assertWithin(scope, values.organizationId);
      await db.insert(p).values(values);
    },

    /** Claims due queued previews for this instance (lib/work-queue.ts). */
    async claimPreviews(scope: Scope, limit: number, leaseMs: number): Promise<QueuedPreview[]> {
      const rows = await claimDue(db, p, {
        where: and(eq(p.status, 'queued'), inScope(p.organizationId, scope)),
        limit,
        leaseMs,
      });
      return rows.map(({ id, source, attempts }) => ({ id, source, attempts }));
    },

    /**
     * Records an attempt's outcome; false when the row is gone (its file was deleted meanwhile),
     * so that the image just stored can be removed.
     */
    async finishPreview(scope: Scope, id: string, outcome: PreviewOutcome): Promise<boolean> {
      const values =
        'preview' in outcome
          ? { status: 'ready' as const, preview: outcome.preview, error: null }
          : 'failed' in outcome
            ? { status: 'failed' as const, error: outcome.failed }
            : { error: outcome.error, nextAttemptAt: fromNow(outcome.retryInMs) };
      const rows = await db
        .update(p)
        .set({ ...values, attempts: sql`${p.attempts} + 1` } as never)
        .where(and(eq(p.id, id), inScope(p.organizationId, scope)))
        .returning({ id: p.id });
      return rows.length > 0;
    },

    /** The stored name of the ready preview of `source` (a name the caller was found to see). */
    async findPreview(scope: Scope, source: string): Promise<string | undefined> {
      const [row] = await db
        .select({ preview: p.preview })
        .from(p)
        .where(and(eq(p.source, source), eq(p.status, 'ready'), inScope(p.organizationId, scope)));
      return row?.preview ?? undefined;
    },

    /** Someone opened or downloaded the file. */
    async recordAccess(
      scope: Scope,
      values: { organizationId: string; fileId: string; userId: string; download: boolean },
    ): Promise<void> {
      assertWithin(scope, values.organizationId);
      await db.insert(materialbankFileAccess).values(values);
    },

    /** Who opened or downloaded the file and when, newest first, at most `limit`. */
    listAccess(scope: Scope, fileId: string, limit: number) {
      return db
        .select({
          userId: materialbankFileAccess.userId,
          fullName: sql<string>`${users.userFirstName} || ' ' || ${users.userLastName}`,
          userEmail: users.userEmail,
          download: materialbankFileAccess.download,
          at: materialbankFileAccess.at,
        })
        .from(materialbankFileAccess)
        .innerJoin(users, eq(users.userId, materialbankFileAccess.userId))
        .where(
          and(
            eq(materialbankFileAccess.fileId, fileId),
            inScope(materialbankFileAccess.organizationId, scope),
          ),
        )
        .orderBy(desc(materialbankFileAccess.at), desc(materialbankFileAccess.id))
        .limit(limit);
    },

    /** PDF and JPG counts of the reader's files (of one organization when named). */
    async countByType(scope: Scope, reader: Reader, organizationId: string | undefined) {
      const rows = await db
        .select({ fileType: f.fileType, n: count() })
        .from(f)
        .where(
          and(
            visible(scope, reader),
            organizationId ? eq(f.organizationId, organizationId) : undefined,
          ),
        )
        .groupBy(f.fileType);
      const of = (type: 'pdf' | 'jpg') => rows.find((row) => row.fileType === type)?.n ?? 0;
      return { pdf: of('pdf'), jpg: of('jpg') };
    },

    /** How many of the reader's files each visible target has. */
    countByTarget(scope: Scope, reader: Reader) {
      return db
        .select({
          targetId: targets.targetId,
          targetName: targets.targetName,
          totalFiles: count(materialbankTargets.id),
        })
        .from(materialbankTargets)
        .innerJoin(targets, eq(targets.targetId, materialbankTargets.targetId))
        .innerJoin(f, eq(f.id, materialbankTargets.fileId))
        .where(and(visible(scope, reader), targetVisible(db, targets.targetId, scope)))
        .groupBy(targets.targetId, targets.targetName)
        .orderBy(asc(targets.targetName), asc(targets.targetId));
    },

    /** Whether the target is one the scope sees. */
    async targetVisible(scope: Scope, targetId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: targets.targetId })
        .from(targets)
        .where(and(eq(targets.targetId, targetId), targetVisible(db, targets.targetId, scope)));
      return row !== undefined;
    },

    async insert(scope: Scope, values: FileValues): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db.insert(f).values(values).returning({ id: f.id });
      if (!row) throw new Error('material bank file not stored');
      return row.id;
    },

    /** Saves the file's fields; returns the rows changed (0: not in scope). */
    async update(
      scope: Scope,
      id: string,
      values: Pick<FileValues, 'title' | 'info' | 'state'>,
    ): Promise<number> {
      const rows = await db
        .update(f)
        .set({ ...values, updatedAt: sql`now()` })
        .where(writable(scope, id))
        .returning({ id: f.id });
      return rows.length;
    },

    /** Makes exactly these the file's links (the file must be the scope's). */
    async setLinks(scope: Scope, id: string, links: FileLinks): Promise<void> {
      const own = db.select({ id: f.id }).from(f).where(writable(scope, id));
      await db
        .delete(materialbankTargets)
        .where(and(eq(materialbankTargets.fileId, id), inArray(materialbankTargets.fileId, own)));
      await db
        .delete(materialbankPermissions)
        .where(
          and(eq(materialbankPermissions.fileId, id), inArray(materialbankPermissions.fileId, own)),
        );
      await db
        .delete(materialbankApplications)
        .where(
          and(
            eq(materialbankApplications.fileId, id),
            inArray(materialbankApplications.fileId, own),
          ),
        );
      const [found] = await own;
      if (!found) return;
      if (links.targets.length > 0) {
        await db
          .insert(materialbankTargets)
          .values(links.targets.map((targetId) => ({ fileId: id, targetId })));
      }
      if (links.permissions.length > 0) {
        await db
          .insert(materialbankPermissions)
          .values(links.permissions.map((permission) => ({ fileId: id, permission })));
      }
      if (links.applications.length > 0) {
        await db
          .insert(materialbankApplications)
          .values(links.applications.map((applicationId) => ({ fileId: id, applicationId })));
      }
    },

    /** Removes the named links of the scope's files; returns how many went. */
    async removeLinks(
      scope: Scope,
      ids: { targets: string[]; permissions: string[]; applications: string[] },
    ): Promise<number> {
      const own = db.select({ id: f.id }).from(f).where(inScope(f.organizationId, scope));
      let removed = 0;
      if (ids.targets.length > 0) {
        const rows = await db
          .delete(materialbankTargets)
          .where(
            and(
              inArray(materialbankTargets.id, ids.targets),
              inArray(materialbankTargets.fileId, own),
            ),
          )
          .returning({ id: materialbankTargets.id });
        removed += rows.length;
      }
      if (ids.permissions.length > 0) {
        const rows = await db
          .delete(materialbankPermissions)
          .where(
            and(
              inArray(materialbankPermissions.id, ids.permissions),
              inArray(materialbankPermissions.fileId, own),
            ),
          )
          .returning({ id: materialbankPermissions.id });
        removed += rows.length;
      }
      if (ids.applications.length > 0) {
        const rows = await db
          .delete(materialbankApplications)
          .where(
            and(
              inArray(materialbankApplications.id, ids.applications),
              inArray(materialbankApplications.fileId, own),
            ),
          )
          .returning({ id: materialbankApplications.id });
        removed += rows.length;
      }
      return removed;
    },

    /** Deletes the file's row; returns its stored name (undefined: not in scope). */
    async remove(scope: Scope, id: string) {
      const [row] = await db
        .delete(f)
        .where(writable(scope, id))
        .returning({ file: f.file, organizationId: f.organizationId, title: f.title });
      return row;
    },

    /** Which of the stored names have a row, of a file, a version or a preview (the orphan sweep). */
    async namesWithRows(scope: Scope, names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const v = materialbankFileVersions;
      const [rows, versions, previews] = await Promise.all([
        db
          .select({ file: f.file })
          .from(f)
          .where(and(inArray(f.file, names), inScope(f.organizationId, scope))),
        db
          .select({ file: v.file })
          .from(v)
          .where(and(inArray(v.file, names), inScope(v.organizationId, scope))),
        db
          .select({ file: p.preview })
          .from(p)
          .where(and(inArray(p.preview, names), inScope(p.organizationId, scope))),
      ]);
      return new Set([...rows, ...versions, ...previews].flatMap((row) => row.file ?? []));
    },
  };
}

export type MaterialbankRepository = ReturnType<typeof createMaterialbankRepository>;
