import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { recordState, userRole } from './common.js';

export const organizations = pgTable('organizations', {
  organizationId: uuid('organization_id').primaryKey().default(sql`gen_random_uuid()`),
  organizationBusinessId: text('business_id').notNull(),
  organizationContractNumber: text('contract_number').notNull(),
  organizationName: text('name').notNull(),
  organizationAddress: text('address').notNull(),
  organizationZipCode: text('zip_code').notNull(),
  organizationPostalDistrict: text('postal_district').notNull(),
  organizationArea: text('area').notNull(),
  organizationState: recordState('state').notNull().default('Aktiivinen'),
  organizationInformation: text('information'),
  organizationDescription: text('description'),
  /**
   * Whole months measurement data is kept (ADR 0025): a daily job deletes older readings, their
   * rollups and rejected uplinks. Null keeps everything.
   */
  organizationRetentionMonths: integer('retention_months'),
  /**
   * The logo's object name in the logo storage (`DATA_DIR/logos` or the bucket's `logos/`; the
   * bytes never live in this table), PNG or JPEG by its extension; null: none.
   */
  organizationLogo: text('logo'),
  /**
   * Sign-in (issue 31): users of this role and above must have a second factor (TOTP or a
   * passkey); null: nobody must. Users without one are led to enrol at their next sign-in.
   */
  organizationTwoFactorRole: userRole('two_factor_role'),
  /** Whether a passkey alone (no password) signs a user of this organization in. */
  organizationPasskeySignIn: boolean('passkey_sign_in').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The catalogue of applications an organization can be granted (power guard, indoor air, users). */
export const applications = pgTable('applications', {
  applicationId: integer('application_id').primaryKey(),
  applicationName: text('name').notNull(),
});

export const organizationApplications = pgTable(
  'organization_applications',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.applicationId),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.applicationId] })],
);
