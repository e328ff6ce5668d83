import { type Action, can } from '@vahti/domain';
import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { targets, userTargets } from '../db/schema/index.js';
import type { Caller } from './caller.js';
import { AppError, forbidden } from './errors.js';

declare const scopeBrand: unique symbol;

/**
 * Whose records a piece of work reaches (ADR 0010). Every repository function takes one, reads
 * and writes alike, and filters by it. Only `authorize` (for a signed-in caller) and
 * `systemScope` (for work without one, where the boundary check allows it) make one: the brand
 * keeps a plain object literal from passing for a scope, so a query cannot be written without
 * asking first.
 */
export interface Scope {
  readonly [scopeBrand]: true;
  /** The organization reached; `null` only for the top administrator (every organization). */
  readonly organizationId: string | null;
  /** Set where the role reads only the targets linked to it (Käyttäjä): that user's id. */
  readonly linkedUserId: string | null;
  /** Who acts, for the audit log and own-record rules; `null` for system work. */
  readonly actor: Pick<Caller, 'userId' | 'userEmail'> | null;
}

const scope = (fields: Omit<Scope, typeof scopeBrand>) => fields as Scope;

/** Any signed-in caller, scoped to what their role may read. */
export type Permission = Action | { do: 'signIn' };

/**
 * The only way from a caller to a `Scope`: checks the policy (403 FORBIDDEN when the role lacks
 * any of the functions named, before anything is read) and hands out the caller's organization — every
 * organization for the top administrator — and, for a role limited to its linked targets, that
 * restriction too.
 */
export function authorize(caller: Caller, ...permissions: [Permission, ...Permission[]]): Scope {
  for (const permission of permissions) {
    if (permission.do !== 'signIn' && !can(caller, permission)) throw forbidden();
  }
  return scope({
    organizationId: can(caller, { do: 'crossOrganizations' }) ? null : caller.organizationId,
    linkedUserId: can(caller, { do: 'seeEveryTarget' }) ? null : caller.userId,
    actor: { userId: caller.userId, userEmail: caller.userEmail },
  });
}

/**
 * Work no signed-in caller does, named by its reason: finding an account to sign in or reset
 * (every organization: the account itself is the answer), registering with a code (the code's
 * organization), mail delivery, the demo data. `npm run boundaries` (apps/api/scripts/
 * check-scopes.mjs) allows a `systemScope` call only in the places its SYSTEM_SCOPE list names,
 * each for the reasons listed there, and fails on any other use.
 */
export type SystemReason =
  | 'signIn'
  | 'passwordReset'
  | 'registration'
  | 'mailDelivery'
  /** The push worker: every organization's queued Web Push deliveries. */
  | 'pushDelivery'
  | 'seed'
  /** The material bank's orphan sweep: which stored objects still have their row. */
  | 'fileSweep'
  /** The material bank's preview worker: every organization's queued previews. */
  | 'previewQueue'
  /** The offline-alarm sweep: Aktiivinen devices of every organization that fell silent. */
  | 'alarmSweep'
  /** Uplink webhooks: find the ingest key (every organization), then write in its organization. */
  | 'ingest'
  /**
   * Notifications (issue 28): held digests and escalation steps of every organization's users,
   * and an unsubscribe link, which names its user by a signed token instead of a session.
   */
  | 'notifications'
  /**
   * Single sign-on (issue 31): the e-mail's domain names the organization (every organization is
   * searched), then the sign-in and a just-in-time user are written in that organization.
   */
  | 'singleSignOn'
  /** The daily retention job: which organizations limit their data, then each one's old rows. */
  | 'retention'
  /** Scheduled reports: due schedules of every organization, then each one's report and mail. */
  | 'reportDelivery'
  /** The webhook worker: every organization's queued deliveries, each to its own webhook. */
  | 'webhookDelivery';

export function systemScope(_reason: SystemReason, organizationId: string | null = null): Scope {
  return scope({ organizationId, linkedUserId: null, actor: null });
}

/** True for the top administrator's scope, which crosses organizations. */
export const crossesOrganizations = (s: Scope) => s.organizationId === null;

/** The condition that keeps rows of `column` (an organization id) inside the scope. */
export function inScope(column: AnyPgColumn, s: Scope): SQL | undefined {
  return s.organizationId === null ? undefined : eq(column, s.organizationId);
}

/** An organization or linked-user id of a scope, or the placeholder standing for it; null: no limit. */
type ScopeValue = string | Placeholder | null;

function visibleTargets(
  db: Db,
  column: AnyPgColumn,
  organizationId: ScopeValue,
  linkedUserId: ScopeValue,
): SQL {
  return inArray(
    column,
    db
      .select({ id: targets.targetId })
      .from(targets)
      .where(
        and(
          organizationId === null ? undefined : eq(targets.organizationId, organizationId),
          linkedUserId === null
            ? undefined
            : inArray(
                targets.targetId,
                db
                  .select({ id: userTargets.targetId })
                  .from(userTargets)
                  .where(eq(userTargets.userId, linkedUserId)),
              ),
        ),
      ),
  );
}

/**
 * The targets the scope may see, as a condition on a target-id column: the organization's
 * targets and, for a role limited to its links, only the linked ones. Every module whose records
 * hang on a target (devices, measurements, alarms, discussions, files) composes this.
 */
export function targetVisible(db: Db, column: AnyPgColumn, s: Scope): SQL {
  return visibleTargets(db, column, s.organizationId, s.linkedUserId);
}

/**
 * A scope's shape: which of its limits it has. A query prepared once (`preparedQuery`) is
 * prepared once per shape, and takes the scope's ids as values (`scopeValues`).
 */
export const scopeShape = (s: Scope) =>
  `${s.organizationId === null ? 'all' : 'organization'}_${s.linkedUserId === null ? 'all' : 'linked'}`;

/** The values of a query prepared with `preparedTargetVisible`. */
export const scopeValues = (s: Scope) => ({
  organizationId: s.organizationId,
  linkedUserId: s.linkedUserId,
});

/**
 * `targetVisible` for a query prepared once per scope shape: the scope's ids are the
 * placeholders `organizationId` and `linkedUserId`, filled with `scopeValues(scope)` at each call.
 */
export function preparedTargetVisible(db: Db, column: AnyPgColumn, s: Scope): SQL {
  return visibleTargets(
    db,
    column,
    s.organizationId === null ? null : sql.placeholder('organizationId'),
    s.linkedUserId === null ? null : sql.placeholder('linkedUserId'),
  );
}

/**
 * Which organization a new (or moved) record goes to. The top administrator must name it (400
 * with `field` required); anyone else gets their own, and naming another answers 403 FORBIDDEN
 * (ADR 0007). Whether a named organization exists is the caller's next question.
 */
export function homeOrganization(s: Scope, requested: string | null | undefined, field: string) {
  if (s.organizationId === null) {
    if (!requested)
      throw new AppError(400, 'VALIDATION_FAILED', { [field]: 'validation.required' });
    return requested;
  }
  if (requested && requested !== s.organizationId) throw forbidden();
  return s.organizationId;
}

/**
 * A new record's organization must lie inside the scope it is written with. Services decide it
 * with `homeOrganization` first, so this only ever fails on a programming error.
 */
export function assertWithin(s: Scope, organizationId: string | null): void {
  if (s.organizationId !== null && organizationId !== s.organizationId) {
    throw new Error('write outside the scope');
  }
}
