import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { language, recordState, userRole } from './common.js';
import { organizations } from './organizations.js';

export const users = pgTable(
  'users',
  {
    userId: uuid('user_id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    userEmail: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    userFirstName: text('first_name').notNull(),
    userLastName: text('last_name').notNull(),
    userPhoneNumber: text('phone_number'),
    userJobTitle: text('job_title'),
    userRoles: userRole('role').notNull().default('Käyttäjä'),
    userState: recordState('state').notNull().default('Aktiivinen'),
    userPermissions: smallint('permissions').array().notNull().default(sql`'{}'::smallint[]`),
    userInformation: text('information'),
    userDescription: text('description'),
    /** Bumped to revoke every token issued before (password change, deactivation, role change). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The language mail is written in; null (unknown) means Finnish. Set at self-registration. */
    language: language('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.userEmail})`),
    index('users_organization_idx').on(t.organizationId),
  ],
);

/** UserTargets: which targets a user is linked to. The link has its own id (DELETE takes {id}). */

/** A user as lists of people show one (a target's contact users, a target's users). */
export const userSummaryColumns = {
  uuid: users.userId,
  userEmail: users.userEmail,
  userFirstName: users.userFirstName,
  userLastName: users.userLastName,
  userRoles: users.userRoles,
  userState: users.userState,
};
