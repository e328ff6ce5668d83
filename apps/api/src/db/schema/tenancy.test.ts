import { getTableColumns, getTableName, isTable, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from './index.js';

/**
 * Tables that hold no organization column, each with the reason. A new table is tenant-owned
 * (an `organizationId` column, filtered by the Scope) unless it is listed here.
 */
const WITHOUT_ORGANIZATION: Record<string, string> = {
  applications: 'the catalogue of applications, the same for every organization',
  webauthn_challenges:
    'one-time WebAuthn challenges, some issued before anyone is known (password-less sign-in)',
  rate_limits: 'windows keyed by an e-mail address or an IP, never by a tenant',
  mail_outbox:
    'system table: a mail may concern no organization; read only by a scope that crosses organizations',
  password_resets: "owned by its user: scoped through the user's organization",
  user_targets: 'a link between a user and a target of the same organization: scoped through both',
  target_contact_users:
    'a link between a target and a user of its organization: scoped through both',
  registration_code_targets: "owned by its code: scoped through the code's organization",
  materialbank_targets: "owned by its file: scoped through the file's organization",
  materialbank_permissions: "owned by its file: scoped through the file's organization",
  materialbank_applications: "owned by its file: scoped through the file's organization",
  query_targets: 'a link between a survey and a target of its organization: scoped through both',
  query_questions:
    'a link between a survey and a question of its organization: scoped through the survey',
  query_answers: "owned by its result: scoped through the result's organization",
  device_type_measurements: "a device type's layout: scoped through the type's organization",
  report_schedule_recipients:
    'a link between a report schedule and a user of its organization: scoped through the schedule',
};

const tables = (Object.values(schema) as unknown[]).filter((value): value is Table =>
  isTable(value),
);

describe('tenancy of the schema', () => {
  it('finds the tables', () => {
    expect(tables.length).toBeGreaterThan(5);
  });

  it.each(tables.map((table) => [getTableName(table), table] as const))(
    '%s has an organizationId column or a stated reason not to',
    (name, table) => {
      const columns = getTableColumns(table);
      const tenantColumn = Object.entries(columns).find(
        ([, column]) => column.name === 'organization_id',
      );
      if (WITHOUT_ORGANIZATION[name]) {
        expect(tenantColumn, `${name} is listed as global but has organization_id`).toBeUndefined();
        return;
      }
      expect(tenantColumn, `${name} has no organization_id column and is not listed`).toBeDefined();
      // One name in TypeScript for the tenant column, whatever the wire calls it.
      expect(tenantColumn?.[0]).toBe('organizationId');
    },
  );

  it('lists no table that does not exist', () => {
    const names = tables.map((table) => getTableName(table));
    expect(Object.keys(WITHOUT_ORGANIZATION).filter((name) => !names.includes(name))).toEqual([]);
  });
});
