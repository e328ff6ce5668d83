import { type Actor, can, roleRank, type Section } from '@vahti/domain';

/** Whether the user may see a link and open its screen; absent means every user of the area. */
export type Access = (actor: Actor) => boolean;

/** Pääylläpitäjä only (spec 000 §6: the organizations menu). */
const topAdmin: Access = (actor) => can(actor, { do: 'crossOrganizations' });
/** The outbox shows every organization's mail, reset links included: Pääylläpitäjä only. */
const outboxReader: Access = (actor) => can(actor, { do: 'readOutbox' });
/** The audit log spans every organization: Pääylläpitäjä only. */
const auditLogReader: Access = (actor) => can(actor, { do: 'readAuditLog' });
/** Adds and edits material bank files: Materiaalipankki and a role above Käyttäjä (001 §6). */
const materialbankManager: Access = (actor) => can(actor, { do: 'manageMaterialbank' });
/** Every role but Käyttäjä (spec 000 §6: users and targets; 001 §6: management screens). */
const staff: Access = (actor) => roleRank(actor.userRoles) > roleRank('Käyttäjä');

export interface NavLink {
  /** Relative to the area, e.g. "show-users" under /admin. */
  path: string;
  /** i18n key of the link text. */
  label: string;
  access?: Access;
}

export interface NavGroup {
  /** i18n key of the group's heading (drawer) and menu button (top bar). */
  label: string;
  access?: Access;
  links: NavLink[];
}

/**
 * The navigation of each area, in menu order (spec 000 §2, §6; 001 §2, §6). The drawer lists the
 * area's front page and every group; a wide top bar shows the groups as menus. The same access
 * rules guard the routes, so a screen hidden from the menu is also closed to a typed URL.
 */
export const AREA_NAVIGATION: Record<Section, NavGroup[]> = {
  hallinta: [
    {
      label: 'nav.organizations',
      access: topAdmin,
      links: [
        { path: 'show-organizations', label: 'nav.showOrganizations' },
        { path: 'add-new-organization', label: 'nav.addOrganization' },
      ],
    },
    {
      label: 'nav.users',
      access: staff,
      links: [
        { path: 'show-users', label: 'nav.showUsers' },
        { path: 'add-new-user', label: 'nav.addUser' },
        { path: 'add-targets-to-user', label: 'nav.addTargetsToUser' },
        { path: 'change-user-password', label: 'nav.changeUserPassword' },
        { path: 'generate-registeration-code', label: 'nav.generateRegistrationCode' },
      ],
    },
    {
      label: 'nav.targets',
      access: staff,
      links: [
        { path: 'show-targets', label: 'nav.showTargets' },
        { path: 'add-new-target', label: 'nav.addTarget' },
      ],
    },
    {
      label: 'ingestKeys.nav',
      access: staff,
      links: [
        { path: 'ingest-keys', label: 'ingestKeys.navKeys' },
        { path: 'rejected-uplinks', label: 'ingestKeys.navRejected' },
      ],
    },
    {
      label: 'nav.system',
      access: outboxReader,
      links: [
        { path: 'outbox', label: 'nav.outbox' },
        { path: 'audit-log', label: 'nav.auditLog', access: auditLogReader },
      ],
    },
  ],
  tieto: [
    {
      label: 'nav.discussions',
      links: [
        { path: 'discussions', label: 'nav.showDiscussions' },
        { path: 'add-discussion', label: 'nav.addDiscussion', access: staff },
        { path: 'show-discussions', label: 'nav.manageDiscussions', access: staff },
      ],
    },
    {
      label: 'nav.surveys',
      links: [
        { path: 'show-survey-form', label: 'nav.answerSurvey' },
        { path: 'show-queries', label: 'nav.showQueries', access: staff },
        { path: 'add-new-query', label: 'nav.addQuery', access: staff },
        { path: 'show-survey-results', label: 'nav.surveyResults', access: staff },
        { path: 'show-questions', label: 'nav.showQuestions', access: staff },
        { path: 'add-new-question', label: 'nav.addQuestion', access: staff },
        { path: 'show-question-groups', label: 'nav.showQuestionGroups', access: staff },
        { path: 'add-new-question-group', label: 'nav.addQuestionGroup', access: staff },
      ],
    },
    {
      label: 'nav.feedback',
      links: [
        { path: 'add-feedback', label: 'nav.addFeedback' },
        { path: 'show-feedbacks', label: 'nav.showFeedbacks', access: staff },
      ],
    },
    {
      label: 'nav.materials',
      links: [{ path: 'show-materialbank-files', label: 'nav.materialbankFiles' }],
    },
  ],
  vainu: [
    {
      label: 'nav.monitoring',
      links: [
        { path: 'sensor-data', label: 'nav.sensorData' },
        { path: 'show-alarms', label: 'nav.alarms' },
        { path: 'show-materialbank-files-vainu', label: 'nav.materialbankFiles' },
      ],
    },
    {
      label: 'nav.devices',
      access: staff,
      links: [
        { path: 'show-devices', label: 'nav.showDevices' },
        { path: 'add-device', label: 'nav.addDevice' },
        { path: 'qr-code', label: 'nav.qrCode' },
        { path: 'show-measurements', label: 'nav.showMeasurements' },
        { path: 'add-measurement', label: 'nav.addMeasurement' },
        { path: 'show-sensors', label: 'nav.deviceTypes' },
        { path: 'show-user-devices', label: 'nav.showUserDevices' },
        { path: 'add-user-device', label: 'nav.addUserDevice' },
      ],
    },
  ],
  materiaalipankki: [
    {
      label: 'nav.documents',
      links: [
        { path: 'show-materialbank-files', label: 'nav.showFiles' },
        { path: 'add-new-materialbank-file', label: 'nav.addFile', access: materialbankManager },
      ],
    },
  ],
};

const allows = (access: Access | undefined, actor: Actor) => !access || access(actor);

/** The groups and links of an area the actor may see; groups left empty are dropped. */
export function visibleNavigation(section: Section, actor: Actor): NavGroup[] {
  return AREA_NAVIGATION[section]
    .filter((group) => allows(group.access, actor))
    .map((group) => ({ ...group, links: group.links.filter((l) => allows(l.access, actor)) }))
    .filter((group) => group.links.length > 0);
}

/**
 * The rule guarding one screen of an area (its group's and its own), if the menu has one. A
 * sub-route ("show-devices/:id") follows its screen's rule.
 */
export function pageAccess(section: Section, path: string): Access | undefined {
  const [screen] = path.split('/');
  for (const group of AREA_NAVIGATION[section]) {
    const link = group.links.find((candidate) => candidate.path === screen);
    if (link) return (actor) => allows(group.access, actor) && allows(link.access, actor);
  }
  return undefined;
}
