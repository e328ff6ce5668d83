import { can } from '@vahti/domain';
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from '../modules/auth/auth.service.js';
import { forbidden } from './errors.js';

/**
 * Whose records a caller reaches: one organization's, or every organization's (`null`, the top
 * administrator only). Every scoped repository function takes it (ADR 0007).
 */
export interface OrganizationScope {
  organizationId: string | null;
}

export const organizationScopeOf = (caller: Caller): OrganizationScope => ({
  organizationId: can(caller, { do: 'crossOrganizations' }) ? null : caller.organizationId,
});

/** The admin area's calls: Hallinta permission and a role above Käyttäjä, else 403. */
export function requireAdminister(caller: Caller): void {
  if (!can(caller, { do: 'administer' })) throw forbidden();
}

/** The condition that keeps a query inside the scope: none for the top administrator. */
export function inScope(column: AnyPgColumn, scope: OrganizationScope): SQL | undefined {
  return scope.organizationId === null ? undefined : eq(column, scope.organizationId);
}
