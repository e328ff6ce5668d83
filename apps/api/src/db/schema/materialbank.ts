import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { recordState, userRole } from './common.js';
import { organizations } from './organizations.js';
import { targets } from './targets.js';
import { users } from './users.js';

/** The kinds the material bank takes, as found in a file's content. */
export const materialbankFileType = pgEnum('materialbank_file_type', ['pdf', 'jpg']);

/**
 * Material bank files (spec 001 §3). `file` is the stored object's name, a random uuid with the
 * detected type's extension; no part of it comes from the uploader. `fileName` and
 * `fileExtension` are the uploaded name and its part after the first dot, kept only to show.
 */
export const materialbankFiles = pgTable(
  'materialbank_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    file: text('file').notNull(),
    fileName: text('file_name').notNull(),
    fileExtension: text('file_extension').notNull(),
    fileType: materialbankFileType('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    info: text('info'),
    state: recordState('state').notNull().default('Aktiivinen'),
    /** Who uploaded it; null for files from before the column, or when the user is gone. */
    uploadedBy: uuid('uploaded_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('materialbank_files_file_key').on(t.file),
    index('materialbank_files_organization_idx').on(t.organizationId),
    check('materialbank_files_size_check', sql`${t.fileSize} >= 0`),
  ],
);

/** MaterialbankTargets: the targets a file is for. */
export const materialbankTargets = pgTable(
  'materialbank_targets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    fileId: uuid('file_id')
      .notNull()
      .references(() => materialbankFiles.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => targets.targetId, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('materialbank_targets_file_target_key').on(t.fileId, t.targetId),
    index('materialbank_targets_target_idx').on(t.targetId),
  ],
);

/** MaterialbankPermissions: the roles that may see a file. */
export const materialbankPermissions = pgTable(
  'materialbank_permissions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    fileId: uuid('file_id')
      .notNull()
      .references(() => materialbankFiles.id, { onDelete: 'cascade' }),
    permission: userRole('permission').notNull(),
  },
  (t) => [unique('materialbank_permissions_file_role_key').on(t.fileId, t.permission)],
);

/**
 * MaterialbankApplications: the areas whose lists show a file (1 Tieto, 2 Vainu:
 * MATERIALBANK_AREAS, checked by the request schema), not the organization applications of the
 * `applications` catalogue.
 */
export const materialbankApplications = pgTable(
  'materialbank_applications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    fileId: uuid('file_id')
      .notNull()
      .references(() => materialbankFiles.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id').notNull(),
  },
  (t) => [unique('materialbank_applications_file_app_key').on(t.fileId, t.applicationId)],
);

/**
 * Who opened (viewed in the browser) or downloaded a file and when: an Ylläpitäjä reads it. One
 * row per fetch of the whole file or of its first range (a PDF viewer's later ranges are the
 * same opening).
 */
export const materialbankFileAccess = pgTable(
  'materialbank_file_access',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => materialbankFiles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    download: boolean('download').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('materialbank_file_access_file_idx').on(t.fileId, t.at)],
);

/**
 * Earlier versions of a file: replacing a file's content moves the former object here, still
 * stored and downloadable by its own stored name (a random uuid name like the file's).
 */
export const materialbankFileVersions = pgTable(
  'materialbank_file_versions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => materialbankFiles.id, { onDelete: 'cascade' }),
    file: text('file').notNull(),
    fileName: text('file_name').notNull(),
    fileType: materialbankFileType('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.userId, { onDelete: 'set null' }),
    /** When this version was uploaded. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    /** When a newer one replaced it. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('materialbank_file_versions_file_key').on(t.file),
    index('materialbank_file_versions_file_idx').on(t.fileId, t.replacedAt),
  ],
);

/** Where a preview is: queued (to make, or to try again), ready, or failed for good. */
export const materialbankPreviewStatus = pgEnum('materialbank_preview_status', [
  'queued',
  'ready',
  'failed',
]);

/**
 * The previews of stored contents (a file's or an earlier version's): a small JPEG of a PDF's
 * first page or of a JPG, made off the request path by every instance's preview worker (a queue
 * of lib/work-queue.ts: `nextAttemptAt` is the due time and the lease). `source` is the stored
 * name it shows, `preview` the stored name of the image once made.
 */
export const materialbankPreviews = pgTable(
  'materialbank_previews',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => materialbankFiles.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    status: materialbankPreviewStatus('status').notNull().default('queued'),
    preview: text('preview'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed (for the log and support; never shown to users). */
    error: text('error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('materialbank_previews_source_key').on(t.source),
    unique('materialbank_previews_preview_key').on(t.preview),
    index('materialbank_previews_file_idx').on(t.fileId),
    index('materialbank_previews_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
  ],
);
