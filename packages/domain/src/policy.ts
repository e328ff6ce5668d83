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
  | { do: 'readOutbox' }
  /**
   * The admin area's calls (users, targets, user-target links, registration codes, the
   * dashboard): Hallinta permission and a role above Käyttäjä (spec 000 §6).
   */
  | { do: 'administer' }
  /** Create and edit organizations and their applications: top role only (spec 000 §6). */
  | { do: 'manageOrganizations' }
  /**
   * Upload or remove the organization's logo (the report's first page): Hallinta and
   * Ylläpitäjä or above, in their own organization (the top administrator in any).
   */
  | { do: 'manageOrganizationLogo' }
  /**
   * The organization's sign-in: its rules (second factor required, password-less passkeys), the
   * reset of a user's second factor, and its single sign-on (OpenID Connect): Hallinta and
   * Ylläpitäjä or above, in their own organization (the top administrator in any).
   */
  | { do: 'manageSignIn' }
  /** Edit, passivate or set the password of a user who holds `role`: not one above your own. */
  | { do: 'manageUser'; role: Role }
  /** The audit log spans every organization: top role only. */
  | { do: 'readAuditLog' }
  /**
   * Every target of the organization rather than only those linked to the user: every role
   * above Käyttäjä (spec 000 §4). Devices, alarms, discussions and files follow their target.
   */
  | { do: 'seeEveryTarget' }
  /**
   * The device types table read from the external device-network service (spec 001 §2 Vainu 9,
   * show-sensors): Vainu permission and a role above Käyttäjä, from whom Vainu hides its
   * device-management screens (001 §6).
   */
  | { do: 'readDeviceNetwork' }
  /**
   * Tieto discussions: create and edit discussions, list them per organization, and edit anyone's
   * comment or sub-comment: Tieto permission and a role above Käyttäjä (spec 001 §6: Pääylläpitäjä,
   * Ylläpitäjä, Pääkäyttäjä; the discussion's moderator edits comments too, a rule of the record).
   */
  | { do: 'manageDiscussions' }
  /**
   * Upload material bank files and edit them: Materiaalipankki permission and a role above
   * Käyttäjä (spec 001 §6: the edit icon is hidden from Käyttäjä). Such a role sees every file of
   * its organization in Materiaalipankki; anyone else only the files made visible to them.
   */
  | { do: 'manageMaterialbank' }
  /** Delete a material bank file: Materiaalipankki and Ylläpitäjä or Pääylläpitäjä (spec 001 §6). */
  | { do: 'deleteMaterialbankFile' }
  /**
   * Tieto's survey management (question groups, questions, surveys, their results): Tieto
   * permission and a role above Käyttäjä (spec 001 §6).
   */
  | { do: 'manageSurveys' }
  /** Tieto's feedback list and its edit dialog: Tieto and a role above Käyttäjä (spec 001 §6). */
  | { do: 'manageFeedback' }
  /** Tieto's 'Viestit' tab with the new-feedback count: Pääylläpitäjä and Pääkäyttäjä (001 §6). */
  | { do: 'seeMessagesTab' }
  /**
   * Vainu's device register: add and edit devices, measurements and alarm limits. The Vainu
   * permission and a role above Käyttäjä, whose device-management links are hidden (spec 001 §6).
   */
  | { do: 'manageDevices' }
  /**
   * The "Uudet laitteet" inbox (issue 25): uplinks of unknown DevEUIs, accepted into devices or
   * dismissed. The Vainu permission and Ylläpitäjä or above.
   */
  | { do: 'onboardDevices' }
  /**
   * The organization's notification defaults and alarm escalation (issue 28): Hallinta and
   * Ylläpitäjä or above, in their own organization (the top administrator in any).
   */
  | { do: 'manageNotifications' }
  /**
   * Scheduled reports (issue 28): the Vainu permission and a role above Käyttäjä, who sees every
   * target of the organization and so may mail its reports to others. Ylläpitäjä and above see
   * every schedule of the organization, a Pääkäyttäjä the ones they made.
   */
  | { do: 'manageReportSchedules' }
  /** Every report schedule of the organization rather than only one's own: Ylläpitäjä and up. */
  | { do: 'seeEveryReportSchedule' }
  /**
   * The organization's outbound webhooks (issue 28): Hallinta and Ylläpitäjä or above, in their
   * own organization (the top administrator in any).
   */
  | { do: 'manageWebhooks' };

export function can(actor: Actor, action: Action): boolean {
  switch (action.do) {
    case 'openSection':
      return actor.userPermissions.includes(PERMISSIONS[action.section]);
    case 'crossOrganizations':
      return actor.userRoles === TOP_ADMIN;
    case 'accessOrganization':
      return actor.userRoles === TOP_ADMIN || actor.organizationId === action.organizationId;
    case 'readOutbox':
    case 'manageOrganizations':
    case 'readAuditLog':
      return actor.userRoles === TOP_ADMIN;
    case 'seeEveryTarget':
      return roleRank(actor.userRoles) > roleRank('Käyttäjä');
    case 'manageDiscussions':
    case 'manageSurveys':
    case 'manageFeedback':
      return staffOf(actor, 'tieto');
    case 'administer':
      return staffOf(actor, 'hallinta');
    case 'manageOrganizationLogo':
    case 'manageNotifications':
    case 'manageWebhooks':
    case 'manageSignIn':
      return staffOf(actor, 'hallinta', 'Ylläpitäjä');
    case 'readDeviceNetwork':
    case 'manageDevices':
      return staffOf(actor, 'vainu');
    case 'onboardDevices':
    case 'seeEveryReportSchedule':
      return staffOf(actor, 'vainu', 'Ylläpitäjä');
    case 'manageReportSchedules':
      return staffOf(actor, 'vainu');
    case 'manageMaterialbank':
      return staffOf(actor, 'materiaalipankki');
    case 'deleteMaterialbankFile':
      return staffOf(actor, 'materiaalipankki', 'Ylläpitäjä');
    case 'seeMessagesTab':
      return (
        actor.userPermissions.includes(PERMISSIONS.tieto) &&
        (actor.userRoles === TOP_ADMIN || actor.userRoles === 'Pääkäyttäjä')
      );
    case 'manageUser':
    case 'assignRole':
      // The top administrator may assign any role; everyone else only the first three and never
      // one above their own (spec 000 §6).
      if (actor.userRoles === TOP_ADMIN) return true;
      return action.role !== TOP_ADMIN && roleRank(action.role) <= roleRank(actor.userRoles);
  }
}

/**
 * The staff of an area: its permission and at least `lowest` (by default every role above
 * Käyttäjä, who sees an area but manages nothing in it; spec 000 §6, 001 §6).
 */
function staffOf(actor: Actor, section: Section, lowest: Role = 'Pääkäyttäjä'): boolean {
  return (
    actor.userPermissions.includes(PERMISSIONS[section]) &&
    roleRank(actor.userRoles) >= roleRank(lowest)
  );
}

/** The sections the actor may open, in menu order. */
export function allowedSections(actor: Actor): Section[] {
  return (Object.keys(PERMISSIONS) as Section[]).filter((section) =>
    can(actor, { do: 'openSection', section }),
  );
}
