import { can } from '@vahti/domain';
import type { Caller } from '../auth/auth.service.js';

/**
 * Whose records a caller reaches: one organization's, or every organization's (`null`, the top
 * administrator only). Every scoped repository function takes it.
 */
export interface OrganizationScope {
  organizationId: string | null;
}

export const organizationScopeOf = (caller: Caller): OrganizationScope => ({
  organizationId: can(caller, { do: 'crossOrganizations' }) ? null : caller.organizationId,
});
