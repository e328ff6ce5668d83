import { z } from 'zod';
import { ROLES } from '../roles.js';
import { id, pageQuery } from './fields.js';

// The admin area's own reads: the audit log (who changed what and when: every create, update,
// delete, role or password change, code created or revoked; top administrator only) and the
// dashboard's user counts.

/** GET /api/audit-log (Pääylläpitäjä): newest first, server-paged. */
export const auditLogQuery = z.object({ ...pageQuery(100), organizationId: id().optional() });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string().describe('ISO 8601'),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** e.g. user.create, user.update, user.password, userTargets.update, target.create, registrationCode.revoke */
  action: z.string(),
  entityId: z.string().nullable(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  /** What changed (field names and new values); never a password or a code. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogResponse = z.object({
  message: z.string(),
  auditLog: z.array(auditEntry),
  total: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponse>;

// --- Admin dashboard ---------------------------------------------------------------------------

/** Users of each role; every role is present (0 when none). */
export const roleCounts = z.object(
  Object.fromEntries(ROLES.map((r) => [r, z.number().int()])) as Record<
    (typeof ROLES)[number],
    z.ZodNumber
  >,
);
export type RoleCounts = z.infer<typeof roleCounts>;

/** GET /api/user-role-counts?organizationId= (own organization when left out). */
export const userRoleCountsQuery = z.object({ organizationId: id().optional() });

/** The admin dashboard's doughnuts: user counts by role in the organization and per target. */
export const userRoleCountsResponse = z.object({
  message: z.string(),
  organization: z.object({
    organizationId: z.string(),
    organizationName: z.string(),
    roles: roleCounts,
  }),
  targets: z.array(z.object({ targetId: z.string(), targetName: z.string(), roles: roleCounts })),
});
export type UserRoleCountsResponse = z.infer<typeof userRoleCountsResponse>;
