import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { applications, organizations } from './organizations.js';
import { targets } from './targets.js';

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

/** MaterialbankApplications: the applications (catalogue ids) whose lists show a file. */
export const materialbankApplications = pgTable(
  'materialbank_applications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    fileId: uuid('file_id')
      .notNull()
      .references(() => materialbankFiles.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.applicationId),
  },
  (t) => [unique('materialbank_applications_file_app_key').on(t.fileId, t.applicationId)],
);
