import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { recordState } from './common.js';
import { organizations } from './organizations.js';

export const targets = pgTable(
  'targets',
  {
    targetId: uuid('target_id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    targetName: text('name').notNull(),
    targetAddress: text('address').notNull(),
    targetZipCode: text('zip_code').notNull(),
    targetPostalDistrict: text('postal_district').notNull(),
    targetType: text('type').notNull(),
    targetPropertyId: text('property_id').notNull(),
    targetJobNumber: text('job_number').notNull(),
    targetState: recordState('state').notNull().default('Aktiivinen'),
    targetInformation: text('information'),
    targetDescription: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('targets_organization_idx').on(t.organizationId)],
);
