import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

/**
 * DevEUIs an administrator dismissed from the "Uudet laitteet" inbox (issue 25): their uplinks
 * stay with the rejected uplinks, but the inbox no longer lists them (a neighbour's sensor heard
 * by the same gateways keeps sending). Per organization; `deviceEui` is 16 upper-case hex digits.
 */
export const newDeviceDismissals = pgTable(
  'new_device_dismissals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    deviceEui: text('dev_eui').notNull(),
    dismissedBy: uuid('dismissed_by').references(() => users.userId, { onDelete: 'set null' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.deviceEui] })],
);
