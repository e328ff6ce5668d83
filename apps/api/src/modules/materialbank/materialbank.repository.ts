import type { MaterialbankFileRecord, MaterialbankUserFile, Role } from '@vahti/domain';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  applications,
  materialbankApplications,
  materialbankFiles,
  materialbankPermissions,
  materialbankTargets,
  organizationApplications,
  organizations,
  targets,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope, targetVisible } from '../../lib/scope.js';

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
  file: string;
  fileName: string;
  fileType: 'pdf' | 'jpg';
  fileSize: number;
}

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
    > & {
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
          applicationName: applications.applicationName,
        })
        .from(materialbankApplications)
        .innerJoin(
          applications,
          eq(applications.applicationId, materialbankApplications.applicationId),
        )
        .where(inArray(materialbankApplications.fileId, ids))
        .orderBy(asc(materialbankApplications.applicationId)),
    ]);
    return rows.map(({ organizationName, createdAt, ...row }) => ({
      ...row,
      Organization: { organizationName },
      MaterialbankTargets: targetLinks
        .filter((link) => link.fileId === row.id)
        .map(({ fileId: _, ...link }) => link),
      MaterialbankPermissions: permissionLinks
        .filter((link) => link.fileId === row.id)
        .map(({ fileId: _, ...link }) => link),
      MaterialbankApplications: applicationLinks
        .filter((link) => link.fileId === row.id)
        .map(({ fileId: _, applicationName, ...link }) => ({
          ...link,
          Application: { applicationName },
        })),
      createdAt: createdAt.toISOString(),
    }));
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

    /** The stored object behind a name, if the reader may see it (never the filesystem's say). */
    async findStored(scope: Scope, reader: Reader, file: string): Promise<StoredFile | undefined> {
      const [row] = await db
        .select({
          id: f.id,
          file: f.file,
          fileName: f.fileName,
          fileType: f.fileType,
          fileSize: f.fileSize,
        })
        .from(f)
        .where(and(eq(f.file, file), visible(scope, reader)));
      return row;
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

    /**
     * The applications a file may name: the whole catalogue for the top administrator, the ones
     * granted to the organization for anyone else.
     */
    listApplications(scope: Scope) {
      if (scope.organizationId === null) {
        return db
          .select({
            applicationId: applications.applicationId,
            applicationName: applications.applicationName,
          })
          .from(applications)
          .orderBy(asc(applications.applicationId));
      }
      return db
        .select({
          applicationId: applications.applicationId,
          applicationName: applications.applicationName,
        })
        .from(organizationApplications)
        .innerJoin(
          applications,
          eq(applications.applicationId, organizationApplications.applicationId),
        )
        .where(inScope(organizationApplications.organizationId, scope))
        .orderBy(asc(applications.applicationId));
    },

    /** Which of the ids are in the application catalogue (the scope is not narrowed by it). */
    async knownApplicationIds(_scope: Scope, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: applications.applicationId })
        .from(applications)
        .where(inArray(applications.applicationId, ids));
      return rows.map((row) => row.id);
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

    /** Which of the stored names have a row (the orphan sweep; a system scope). */
    async namesWithRows(scope: Scope, names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await db
        .select({ file: f.file })
        .from(f)
        .where(and(inArray(f.file, names), inScope(f.organizationId, scope)));
      return new Set(rows.map((row) => row.file));
    },
  };
}

export type MaterialbankRepository = ReturnType<typeof createMaterialbankRepository>;
