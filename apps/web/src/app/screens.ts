import { type Actor, can, roleRank, type Section } from '@vahti/domain';
import { accountTexts, type Lazy, ownDetailsRoute, screen, type Texts } from './lazy-screen';

/** Whether the user may open a screen and see its link; absent means every user of the area. */
export type Access = (actor: Actor) => boolean;

/** Pääylläpitäjä only (spec 000 §6: the organizations menu). */
const topAdmin: Access = (actor) => can(actor, { do: 'crossOrganizations' });
/** Ylläpitäjä: their own organization's logo (the top administrator edits any in the list). */
const ownLogo: Access = (actor) =>
  can(actor, { do: 'manageOrganizationLogo' }) && !can(actor, { do: 'crossOrganizations' });
/** The organization's single sign-on: Hallinta and Ylläpitäjä or above (any organization for the top role). */
const signInManager: Access = (actor) => can(actor, { do: 'manageSignIn' });
/** The outbox shows every organization's mail, reset links included: Pääylläpitäjä only. */
const outboxReader: Access = (actor) => can(actor, { do: 'readOutbox' });
/** The audit log spans every organization: Pääylläpitäjä only. */
const auditLogReader: Access = (actor) => can(actor, { do: 'readAuditLog' });
/** Outbound webhooks: Hallinta and Ylläpitäjä or above (issue 28). */
const webhookManager: Access = (actor) => can(actor, { do: 'manageWebhooks' });
/** Adds and edits material bank files: Materiaalipankki and a role above Käyttäjä (001 §6). */
/** The "Uudet laitteet" inbox: Vainu and Ylläpitäjä or above (onboardDevices). */
/** An organization's notification defaults and escalation: Hallinta and Ylläpitäjä or above. */
const notificationManager: Access = (actor) => can(actor, { do: 'manageNotifications' });
const deviceOnboarder: Access = (actor) => can(actor, { do: 'onboardDevices' });
/** Scheduled reports: Vainu and a role above Käyttäjä (manageReportSchedules). */
const reportScheduler: Access = (actor) => can(actor, { do: 'manageReportSchedules' });
const materialbankManager: Access = (actor) => can(actor, { do: 'manageMaterialbank' });
/** Every role but Käyttäjä (spec 000 §6: users and targets; 001 §6: management screens). */
const staff: Access = (actor) => roleRank(actor.userRoles) > roleRank('Käyttäjä');

/** One screen of an area: the only place it is declared. */
export interface Screen {
  /** Relative to the area, e.g. "show-users" under /admin; a sub-route ("show-devices/:id") is a screen of its own. */
  path: string;
  /** The screen's code and texts, loaded on its first visit. */
  component: Lazy;
  /** Who may open it (its route guard) and see its link; absent means every user of the area. */
  access?: Access;
  /** i18n keys of its menu group and link; absent means the menu does not list it. */
  menu?: { group: string; label: string };
}

/**
 * Each feature's Finnish screen texts, a chunk of their own loaded beside its screens' code
 * rather than with the first page.
 */
export const texts = {
  account: accountTexts,
  adminDashboard: async () => ({
    adminDashboard: (await import('@/features/admin-dashboard/locales/fi')).adminDashboardFi,
  }),
  auditLog: async () => ({
    auditLog: (await import('@/features/audit-log/locales/fi')).auditLogFi,
  }),
  organizations: async () => ({
    organizations: (await import('@/features/organizations/locales/fi')).organizationsFi,
  }),
  targets: async () => ({ targets: (await import('@/features/targets/locales/fi')).targetsFi }),
  users: async () => ({ users: (await import('@/features/users/locales/fi')).usersFi }),
  alarms: async () => ({ alarms: (await import('@/features/alarms/locales/fi')).alarmsFi }),
  notifications: async () => ({
    notifications: (await import('@/features/notifications/locales/fi')).notificationsFi,
  }),
  registrationCodes: async () => ({
    registrationCodes: (await import('@/features/registration-codes/locales/fi'))
      .registrationCodesFi,
  }),
  outbox: async () => ({ outbox: (await import('@/features/outbox/locales/fi')).outboxFi }),
  deviceNetwork: async () => ({
    deviceNetwork: (await import('@/features/device-network/locales/fi')).deviceNetworkFi,
  }),
  devices: async () => ({ devices: (await import('@/features/devices/locales/fi')).devicesFi }),
  discussions: async () => ({
    discussions: (await import('@/features/discussions/locales/fi')).discussionsFi,
  }),
  feedback: async () => ({ feedback: (await import('@/features/feedback/locales/fi')).feedbackFi }),
  ingestKeys: async () => ({
    ingestKeys: (await import('@/features/ingest-keys/locales/fi')).ingestKeysFi,
  }),
  materialbank: async () => ({
    materialbank: (await import('@/features/materialbank/locales/fi')).materialbankFi,
  }),
  qrCode: async () => ({ qrCode: (await import('@/features/qr-code/locales/fi')).qrCodeFi }),
  sensorData: async () => ({
    sensorData: (await import('@/features/sensor-data/locales/fi')).sensorDataFi,
  }),
  surveys: async () => ({ surveys: (await import('@/features/surveys/locales/fi')).surveysFi }),
  tietoDashboard: async () => ({
    tietoDashboard: (await import('@/features/tieto-dashboard/locales/fi')).tietoDashboardFi,
  }),
  reportSchedules: async () => ({
    reportSchedules: (await import('@/features/report-schedules/locales/fi')).reportSchedulesFi,
  }),
  vainuDashboard: async () => ({
    vainuDashboard: (await import('@/features/vainu-dashboard/locales/fi')).vainuDashboardFi,
  }),
  webhooks: async () => ({ webhooks: (await import('@/features/webhooks/locales/fi')).webhooksFi }),
} satisfies Record<string, Texts>;

/** Screens several paths or areas share. */
const shared = {
  ownPassword: screen(
    () => import('@/features/account/routes/own-password-route'),
    'OwnPasswordRoute',
    texts.account,
  ),
  showUser: screen(
    () => import('@/features/account/routes/show-user-route'),
    'ShowUserRoute',
    texts.account,
  ),
  discussions: screen(
    () => import('@/features/discussions/routes/discussions-route'),
    'DiscussionsRoute',
    texts.discussions,
  ),
  subComments: screen(
    () => import('@/features/discussions/routes/show-sub-comments-route'),
    'ShowSubCommentsRoute',
    texts.discussions,
  ),
  addDevice: screen(
    () => import('@/features/devices/routes/add-device-route'),
    'AddDeviceRoute',
    texts.devices,
  ),
  showDevices: screen(
    () => import('@/features/devices/routes/show-devices-route'),
    'ShowDevicesRoute',
    texts.devices,
  ),
};

/** Every area's own password change and user card (spec 000 §2). */
const everyArea: Screen[] = [
  { path: 'change-password', component: shared.ownPassword },
  { path: 'show-user', component: shared.showUser },
];

const organizations = (label: string) => ({ group: 'nav.organizations', label });
const users = (label: string) => ({ group: 'nav.users', label });
const targets = (label: string) => ({ group: 'nav.targets', label });
const ingestKeys = (label: string) => ({ group: 'ingestKeys.nav', label });
const system = (label: string) => ({ group: 'nav.system', label });
const discussions = (label: string) => ({ group: 'nav.discussions', label });
const surveys = (label: string) => ({ group: 'nav.surveys', label });
const feedback = (label: string) => ({ group: 'nav.feedback', label });
const materials = (label: string) => ({ group: 'nav.materials', label });
const monitoring = (label: string) => ({ group: 'nav.monitoring', label });
const devices = (label: string) => ({ group: 'nav.devices', label });
const documents = (label: string) => ({ group: 'nav.documents', label });

/**
 * The screens of each area (spec 000 §2, §6; 001 §2, §6), in menu order. Routes, their guards and
 * the menus are all derived from this table: the drawer lists the area's front page and every
 * group; a wide top bar shows the groups as menus; a screen hidden from a user's menu is also
 * closed to a typed URL. `dashboard` is the area's front page.
 */
export const AREA_SCREENS: Record<Section, readonly Screen[]> = {
  hallinta: [
    {
      path: 'dashboard',
      component: screen(
        () => import('@/features/admin-dashboard/routes/admin-dashboard-route'),
        'AdminDashboardRoute',
        texts.adminDashboard,
      ),
    },
    ...everyArea,
    {
      path: 'show-organizations',
      access: topAdmin,
      menu: organizations('nav.showOrganizations'),
      component: screen(
        () => import('@/features/organizations/routes/show-organizations-route'),
        'ShowOrganizationsRoute',
        texts.organizations,
      ),
    },
    {
      path: 'add-new-organization',
      access: topAdmin,
      menu: organizations('nav.addOrganization'),
      component: screen(
        () => import('@/features/organizations/routes/add-organization-route'),
        'AddOrganizationRoute',
        texts.organizations,
      ),
    },
    {
      path: 'organization-logo',
      access: ownLogo,
      menu: organizations('nav.organizationLogo'),
      component: screen(
        () => import('@/features/organizations/routes/organization-logo-route'),
        'OrganizationLogoRoute',
        texts.organizations,
      ),
    },
    {
      path: 'notification-settings',
      access: notificationManager,
      menu: organizations('nav.organizationNotifications'),
      component: screen(
        () => import('@/features/notifications/routes/organization-notifications-route'),
        'OrganizationNotificationsRoute',
        texts.notifications,
      ),
    },
    {
      path: 'organization-sso',
      access: signInManager,
      menu: organizations('nav.organizationSso'),
      component: screen(
        () => import('@/features/organizations/routes/organization-sso-route'),
        'OrganizationSsoRoute',
        texts.organizations,
      ),
    },
    {
      path: 'show-users',
      access: staff,
      menu: users('nav.showUsers'),
      component: screen(
        () => import('@/features/users/routes/show-users-route'),
        'ShowUsersRoute',
        texts.users,
      ),
    },
    {
      path: 'add-new-user',
      access: staff,
      menu: users('nav.addUser'),
      component: screen(
        () => import('@/features/users/routes/add-new-user-route'),
        'AddNewUserRoute',
        texts.users,
      ),
    },
    {
      path: 'add-targets-to-user',
      access: staff,
      menu: users('nav.addTargetsToUser'),
      component: screen(
        () => import('@/features/users/routes/add-targets-to-user-route'),
        'AddTargetsToUserRoute',
        texts.users,
      ),
    },
    {
      path: 'change-user-password',
      access: staff,
      menu: users('nav.changeUserPassword'),
      component: screen(
        () => import('@/features/users/routes/change-user-password-route'),
        'ChangeUserPasswordRoute',
        texts.users,
      ),
    },
    {
      path: 'generate-registeration-code',
      access: staff,
      menu: users('nav.generateRegistrationCode'),
      component: screen(
        () => import('@/features/registration-codes/routes/generate-registration-code-route'),
        'GenerateRegistrationCodeRoute',
        texts.registrationCodes,
      ),
    },
    {
      path: 'show-targets',
      access: staff,
      menu: targets('nav.showTargets'),
      component: screen(
        () => import('@/features/targets/routes/show-targets-route'),
        'ShowTargetsRoute',
        texts.targets,
      ),
    },
    {
      path: 'add-new-target',
      access: staff,
      menu: targets('nav.addTarget'),
      component: screen(
        () => import('@/features/targets/routes/add-target-route'),
        'AddTargetRoute',
        texts.targets,
      ),
    },
    {
      path: 'ingest-keys',
      access: staff,
      menu: ingestKeys('ingestKeys.navKeys'),
      component: screen(
        () => import('@/features/ingest-keys/routes/ingest-keys-route'),
        'IngestKeysRoute',
        texts.ingestKeys,
      ),
    },
    {
      path: 'rejected-uplinks',
      access: staff,
      menu: ingestKeys('ingestKeys.navRejected'),
      component: screen(
        () => import('@/features/ingest-keys/routes/rejected-uplinks-route'),
        'RejectedUplinksRoute',
        texts.ingestKeys,
      ),
    },
    {
      path: 'webhooks',
      access: webhookManager,
      menu: ingestKeys('webhooks.nav'),
      component: screen(
        () => import('@/features/webhooks/routes/webhooks-route'),
        'WebhooksRoute',
        texts.webhooks,
      ),
    },
    {
      path: 'outbox',
      access: outboxReader,
      menu: system('nav.outbox'),
      component: screen(
        () => import('@/features/outbox/routes/outbox-route'),
        'OutboxRoute',
        texts.outbox,
      ),
    },
    {
      path: 'audit-log',
      access: auditLogReader,
      menu: system('nav.auditLog'),
      component: screen(
        () => import('@/features/audit-log/routes/audit-log-route'),
        'AuditLogRoute',
        texts.auditLog,
        texts.users,
        texts.organizations,
        texts.targets,
      ),
    },
  ],
  tieto: [
    {
      path: 'dashboard',
      component: screen(
        () => import('@/features/tieto-dashboard/routes/tieto-dashboard-route'),
        'TietoDashboardRoute',
        texts.tietoDashboard,
      ),
    },
    ...everyArea,
    // Discussions (spec 001 §2 screen 9); sub-comments is also the add-sub-comment screen.
    {
      path: 'discussions',
      menu: discussions('nav.showDiscussions'),
      component: shared.discussions,
    },
    { path: 'main-discussions', component: shared.discussions },
    {
      path: 'add-discussion',
      access: staff,
      menu: discussions('nav.addDiscussion'),
      component: screen(
        () => import('@/features/discussions/routes/add-discussion-route'),
        'AddDiscussionRoute',
        texts.discussions,
      ),
    },
    {
      path: 'show-discussions',
      access: staff,
      menu: discussions('nav.manageDiscussions'),
      component: screen(
        () => import('@/features/discussions/routes/show-discussions-route'),
        'ShowDiscussionsRoute',
        texts.discussions,
      ),
    },
    {
      path: 'current-discussions',
      component: screen(
        () => import('@/features/discussions/routes/current-discussion-route'),
        'CurrentDiscussionRoute',
        texts.discussions,
      ),
    },
    {
      path: 'add-new-comment',
      component: screen(
        () => import('@/features/discussions/routes/add-new-comment-route'),
        'AddNewCommentRoute',
        texts.discussions,
      ),
    },
    { path: 'show-sub-comments', component: shared.subComments },
    { path: 'add-new-sub-comment', component: shared.subComments },
    {
      path: 'show-survey-form',
      menu: surveys('nav.answerSurvey'),
      component: screen(
        () => import('@/features/surveys/routes/show-survey-form-route'),
        'ShowSurveyFormRoute',
        texts.surveys,
      ),
    },
    {
      path: 'show-queries',
      access: staff,
      menu: surveys('nav.showQueries'),
      component: screen(
        () => import('@/features/surveys/routes/show-queries-route'),
        'ShowQueriesRoute',
        texts.surveys,
      ),
    },
    {
      path: 'add-new-query',
      access: staff,
      menu: surveys('nav.addQuery'),
      component: screen(
        () => import('@/features/surveys/routes/add-query-route'),
        'AddQueryRoute',
        texts.surveys,
      ),
    },
    {
      path: 'show-survey-results',
      access: staff,
      menu: surveys('nav.surveyResults'),
      component: screen(
        () => import('@/features/surveys/routes/show-survey-results-route'),
        'ShowSurveyResultsRoute',
        texts.surveys,
      ),
    },
    {
      path: 'show-questions',
      access: staff,
      menu: surveys('nav.showQuestions'),
      component: screen(
        () => import('@/features/surveys/routes/show-questions-route'),
        'ShowQuestionsRoute',
        texts.surveys,
      ),
    },
    {
      path: 'add-new-question',
      access: staff,
      menu: surveys('nav.addQuestion'),
      component: screen(
        () => import('@/features/surveys/routes/add-question-route'),
        'AddQuestionRoute',
        texts.surveys,
      ),
    },
    {
      path: 'show-question-groups',
      access: staff,
      menu: surveys('nav.showQuestionGroups'),
      component: screen(
        () => import('@/features/surveys/routes/show-question-groups-route'),
        'ShowQuestionGroupsRoute',
        texts.surveys,
      ),
    },
    {
      path: 'add-new-question-group',
      access: staff,
      menu: surveys('nav.addQuestionGroup'),
      component: screen(
        () => import('@/features/surveys/routes/add-question-group-route'),
        'AddQuestionGroupRoute',
        texts.surveys,
      ),
    },
    {
      path: 'add-feedback',
      menu: feedback('nav.addFeedback'),
      component: screen(
        () => import('@/features/feedback/routes/add-feedback-route'),
        'AddFeedbackRoute',
        texts.feedback,
      ),
    },
    {
      path: 'own-feedbacks',
      menu: feedback('nav.ownFeedbacks'),
      component: screen(
        () => import('@/features/feedback/routes/own-feedbacks-route'),
        'OwnFeedbacksRoute',
        texts.feedback,
      ),
    },
    {
      path: 'show-feedbacks',
      access: staff,
      menu: feedback('nav.showFeedbacks'),
      component: screen(
        () => import('@/features/feedback/routes/show-feedbacks-route'),
        'ShowFeedbacksRoute',
        texts.feedback,
      ),
    },
    {
      path: 'show-materialbank-files',
      menu: materials('nav.materialbankFiles'),
      component: screen(
        () => import('@/features/materialbank/routes/user-files-route'),
        'TietoMaterialbankFilesRoute',
        texts.materialbank,
      ),
    },
  ],
  vainu: [
    {
      path: 'dashboard',
      component: screen(
        () => import('@/features/vainu-dashboard/routes/vainu-dashboard-route'),
        'VainuDashboardRoute',
        texts.vainuDashboard,
      ),
    },
    ...everyArea,
    { path: 'edit-user-information', component: ownDetailsRoute },
    {
      path: 'sensor-data',
      menu: monitoring('nav.sensorData'),
      component: screen(
        () => import('@/features/sensor-data/routes/sensor-data-route'),
        'SensorDataRoute',
        texts.sensorData,
      ),
    },
    {
      path: 'sensor-data/chart',
      component: screen(
        () => import('@/features/sensor-data/routes/sensor-data-chart-route'),
        'SensorDataChartRoute',
        texts.sensorData,
      ),
    },
    {
      path: 'report-schedules',
      access: reportScheduler,
      menu: monitoring('nav.reportSchedules'),
      component: screen(
        () => import('@/features/report-schedules/routes/report-schedules-route'),
        'ReportSchedulesRoute',
        texts.reportSchedules,
      ),
    },
    {
      path: 'show-alarms',
      menu: monitoring('nav.alarms'),
      component: screen(
        () => import('@/features/alarms/routes/show-alarms-route'),
        'ShowAlarmsRoute',
        texts.alarms,
      ),
    },
    {
      path: 'notifications',
      menu: monitoring('nav.notifications'),
      component: screen(
        () => import('@/features/notifications/routes/notifications-route'),
        'NotificationsRoute',
        texts.notifications,
      ),
    },
    {
      path: 'show-materialbank-files-vainu',
      menu: monitoring('nav.materialbankFiles'),
      component: screen(
        () => import('@/features/materialbank/routes/user-files-route'),
        'VainuMaterialbankFilesRoute',
        texts.materialbank,
      ),
    },
    {
      path: 'show-devices',
      access: staff,
      menu: devices('nav.showDevices'),
      component: shared.showDevices,
    },
    // The device page: every Vainu user, for the devices they see (issue 27).
    {
      path: 'show-devices/:id',
      component: screen(
        () => import('@/features/devices/routes/device-route'),
        'DeviceRoute',
        texts.devices,
      ),
    },
    {
      path: 'add-device',
      access: staff,
      menu: devices('nav.addDevice'),
      component: shared.addDevice,
    },
    { path: 'add-device/:id', access: staff, component: shared.addDevice },
    {
      path: 'new-devices',
      access: deviceOnboarder,
      menu: devices('nav.newDevices'),
      component: screen(
        () => import('@/features/devices/routes/new-devices-route'),
        'NewDevicesRoute',
        texts.devices,
      ),
    },
    {
      path: 'qr-code',
      access: staff,
      menu: devices('nav.qrCode'),
      component: screen(
        () => import('@/features/qr-code/routes/qr-code-route'),
        'QrCodeRoute',
        texts.qrCode,
      ),
    },
    {
      path: 'show-measurements',
      access: staff,
      menu: devices('nav.showMeasurements'),
      component: screen(
        () => import('@/features/devices/routes/show-measurements-route'),
        'ShowMeasurementsRoute',
        texts.devices,
      ),
    },
    {
      path: 'add-measurement',
      access: staff,
      menu: devices('nav.addMeasurement'),
      component: screen(
        () => import('@/features/devices/routes/add-measurement-route'),
        'AddMeasurementRoute',
        texts.devices,
      ),
    },
    {
      path: 'show-sensors',
      access: staff,
      menu: devices('nav.deviceTypes'),
      component: screen(
        () => import('@/features/device-network/routes/show-sensors-route'),
        'ShowSensorsRoute',
        texts.deviceNetwork,
        texts.ingestKeys,
      ),
    },
    {
      path: 'show-user-devices',
      access: staff,
      menu: devices('nav.showUserDevices'),
      component: screen(
        () => import('@/features/devices/routes/show-user-devices-route'),
        'ShowUserDevicesRoute',
        texts.devices,
      ),
    },
    {
      path: 'add-user-device',
      access: staff,
      menu: devices('nav.addUserDevice'),
      component: screen(
        () => import('@/features/devices/routes/add-user-device-route'),
        'AddUserDeviceRoute',
        texts.devices,
      ),
    },
    {
      // "Lisää mittarityyppi" (issue 25; a heading only in spec 001 §2).
      path: 'add-sensor',
      access: staff,
      menu: devices('nav.addDeviceType'),
      component: screen(
        () => import('@/features/device-network/routes/add-device-type-route'),
        'AddDeviceTypeRoute',
        texts.deviceNetwork,
        texts.ingestKeys,
      ),
    },
  ],
  materiaalipankki: [
    {
      path: 'dashboard',
      component: screen(
        () => import('@/features/materialbank/routes/materialbank-dashboard-route'),
        'MaterialbankDashboardRoute',
        texts.materialbank,
      ),
    },
    ...everyArea,
    {
      path: 'show-materialbank-files',
      menu: documents('nav.showFiles'),
      component: screen(
        () => import('@/features/materialbank/routes/show-materialbank-files-route'),
        'ShowMaterialbankFilesRoute',
        texts.materialbank,
      ),
    },
    {
      path: 'add-new-materialbank-file',
      access: materialbankManager,
      menu: documents('nav.addFile'),
      component: screen(
        () => import('@/features/materialbank/routes/add-materialbank-file-route'),
        'AddMaterialbankFileRoute',
        texts.materialbank,
      ),
    },
  ],
};

export interface NavLink {
  /** Relative to the area, e.g. "show-users" under /admin. */
  path: string;
  /** i18n key of the link text. */
  label: string;
}

export interface NavGroup {
  /** i18n key of the group's heading (drawer) and menu button (top bar). */
  label: string;
  links: NavLink[];
}

/** Whether the actor may open a screen. */
export const allows = (screen: Screen, actor: Actor) => !screen.access || screen.access(actor);

/**
 * The menu of an area as the actor sees it: the screens with a menu entry they may open, grouped
 * in table order; a group with no such screen is left out.
 */
export function visibleNavigation(section: Section, actor: Actor): NavGroup[] {
  const groups = new Map<string, NavLink[]>();
  for (const entry of AREA_SCREENS[section]) {
    if (!entry.menu || !allows(entry, actor)) continue;
    const links = groups.get(entry.menu.group) ?? [];
    links.push({ path: entry.path, label: entry.menu.label });
    groups.set(entry.menu.group, links);
  }
  return [...groups].map(([label, links]) => ({ label, links }));
}
