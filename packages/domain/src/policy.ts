import { PERMISSIONS, type Section } from './permissions.js';
import { type Role, roleRank, TOP_ADMIN } from './roles.js';

/** What the policy needs to know about the caller; the API reads it fresh per request. */
export interface Actor {
  userRoles: Role;
  userPermissions: readonly number[];
  organizationId: string;
}

/**
 * Every action the policy answers. The API calls can() as its authority; the web app calls the
 * same function only to hide what the user may not do.
 */
export type Action =
  | { do: 'openSection'; section: Section }
  | { do: 'crossOrganizations' }
  | { do: 'accessOrganization'; organizationId: string }
  | { do: 'assignRole'; role: Role }
  /** The mail outbox shows every organization's mail (reset links included): top role only. */
  | { do: 'readOutbox' };

export function can(actor: Actor, action: Action): boolean {
  switch (action.do) {
    case 'openSection':
      return actor.userPermissions.includes(PERMISSIONS[action.section]);
    case 'crossOrganizations':
      return actor.userRoles === TOP_ADMIN;
    case 'accessOrganization':
      return actor.userRoles === TOP_ADMIN || actor.organizationId === action.organizationId;
    case 'readOutbox':
      return actor.userRoles === TOP_ADMIN;
    case 'assignRole':
      // The top administrator may assign any role; everyone else only the first three and never
      // one above their own (spec 000 §6).
      if (actor.userRoles === TOP_ADMIN) return true;
      return action.role !== TOP_ADMIN && roleRank(action.role) <= roleRank(actor.userRoles);
  }
}

/** The sections the actor may open, in menu order. */
export function allowedSections(actor: Actor): Section[] {
  return (Object.keys(PERMISSIONS) as Section[]).filter((section) =>
    can(actor, { do: 'openSection', section }),
  );
}
