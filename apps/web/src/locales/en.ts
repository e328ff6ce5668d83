import { accountEn } from '@/features/account/locales/en';
import { adminDashboardEn } from '@/features/admin-dashboard/locales/en';
import { alarmsEn } from '@/features/alarms/locales/en';
import { auditLogEn } from '@/features/audit-log/locales/en';
import { deviceNetworkEn } from '@/features/device-network/locales/en';
import { devicesEn } from '@/features/devices/locales/en';
import { discussionsEn } from '@/features/discussions/locales/en';
import { feedbackEn } from '@/features/feedback/locales/en';
import { ingestKeysEn } from '@/features/ingest-keys/locales/en';
import { mainEn } from '@/features/main/locales/en';
import { materialbankEn } from '@/features/materialbank/locales/en';
import { organizationsEn } from '@/features/organizations/locales/en';
import { outboxEn } from '@/features/outbox/locales/en';
import { qrCodeEn } from '@/features/qr-code/locales/en';
import { registrationCodesEn } from '@/features/registration-codes/locales/en';
import { sensorDataEn } from '@/features/sensor-data/locales/en';
import { surveysEn } from '@/features/surveys/locales/en';
import { targetsEn } from '@/features/targets/locales/en';
import { tietoDashboardEn } from '@/features/tieto-dashboard/locales/en';
import { usersEn } from '@/features/users/locales/en';
import { vainuDashboardEn } from '@/features/vainu-dashboard/locales/en';
import type { WebMessages } from './fi';

export const en: WebMessages = {
  app: {
    name: 'Vahti',
    loading: 'Loading…',
    backToLogin: 'Back to sign-in',
    close: 'Close',
    language: 'Language',
  },
  api: {
    /** A 429 answer, with the time from its Retry-After in the user's own clock. */
    retryAt: {
      failedSignIns: 'Too many failed attempts. Try again at {{time}}.',
      attempts: 'Too many attempts. Try again at {{time}}.',
    },
    networkError: 'Cannot reach the server. Try again.',
    unexpectedError: 'Something went wrong',
  },
  login: {
    title: 'Sign in',
    intro: 'Building monitoring and communication',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    register: 'Register',
    forgotPassword: 'Forgot your password?',
    sessionExpired: 'Your session has ended. Sign in again.',
  },
  register: {
    title: 'Register',
    intro: 'Register with the registration code you received from your administrator.',
    email: 'E-mail',
    code: 'Registration code',
    password: 'Password',
    confirmPassword: 'Repeat password',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone number',
    submit: 'Register',
    toLogin: 'To sign-in',
  },
  forgotPassword: {
    title: 'Forgotten password',
    intro: 'Enter your e-mail address and we will send you a link for changing your password.',
    email: 'E-mail',
    submit: 'Send',
  },
  resetPassword: {
    title: 'Change password',
    email: 'E-mail',
    newPassword: 'New password',
    confirmPassword: 'Repeat new password',
    submit: 'Change password',
    missingLink: 'The password change link is missing or invalid. Request a new link by e-mail.',
    requestNewLink: 'Request a new password change link',
  },
  form: {
    optional: 'Optional',
  },
  components: {
    search: 'Search',
    retry: 'Try again',
    actions: 'Actions',
    cancel: 'Cancel',
    save: 'Save',
    open: 'Open',
    clear: 'Clear',
    counter: '{{count}}/{{max}}',
  },
  valueState: {
    over: 'Above the high limit',
    under: 'Below the low limit',
    within: 'Within limits',
    class: 'Indoor climate class {{name}}',
    outside: 'No indoor climate class',
    noValue: 'No value',
    limits: 'Limits {{low}} – {{high}}',
  },
  roleCounts: {
    organization: 'Organization',
    organizationTitle: 'Users by role: {{name}}',
    targetsTitle: 'Users per target',
    total_one: '{{count}} user',
    total_other: '{{count}} users',
    countsLabel: 'User counts: {{title}}',
    roles: {
      Käyttäjä: 'User',
      Pääkäyttäjä: 'Main user',
      Ylläpitäjä: 'Administrator',
      Pääylläpitäjä: 'Top administrator',
    },
  },
  recordStates: {
    Aktiivinen: 'Active',
    Passiivinen: 'Passive',
  },
  sections: {
    tieto: {
      name: 'Tieto',
      card: 'TIETO',
      description: 'Discussions, surveys, feedback and materials',
    },
    vainu: {
      name: 'Vainu',
      card: 'VAINU',
      description: 'Properties, devices, measurements and alarms',
    },
    materiaalipankki: {
      name: 'Material bank',
      card: 'MATERIAALIPANKKI',
      description: 'Storing and sharing documents',
    },
    hallinta: {
      name: 'Administration',
      card: 'HALLINTA',
      description: 'Users, organizations, targets and registration codes',
    },
  },
  area: {
    home: '{{area}} – home',
    applications: 'Applications',
    logout: 'Sign out',
    menu: 'Menu',
    closeMenu: 'Close menu',
    account: 'User account',
    changePassword: 'Change password',
    editOwnDetails: 'Edit your details',
    topNavigation: 'Main menu',
    sideNavigation: 'Side menu',
    userPanel: 'User and menu',
    skipToContent: 'Skip to content',
    siteInfo: 'About the site',
    openSiteInfoPdf: 'Open the PDF file in a new tab',
  },
  nav: {
    home: 'Home',
    organizations: 'Organizations',
    showOrganizations: 'Show organizations',
    addOrganization: 'Add organization',
    organizationLogo: 'Organization logo',
    users: 'Users',
    showUsers: 'Show users',
    addUser: 'Add user',
    addTargetsToUser: 'Add targets to a user',
    changeUserPassword: "Change a user's password",
    generateRegistrationCode: 'Create a registration code',
    targets: 'Targets',
    showTargets: 'Show targets',
    addTarget: 'Add target',
    system: 'System',
    outbox: 'Outgoing mail',
    auditLog: 'Audit log',
    discussions: 'Discussions',
    showDiscussions: 'Show discussions',
    addDiscussion: 'Add discussion',
    manageDiscussions: 'Manage discussions',
    surveys: 'Surveys',
    answerSurvey: 'Answer a survey',
    showQueries: 'Show surveys',
    addQuery: 'Add survey',
    surveyResults: 'Survey results',
    showQuestions: 'Show questions',
    addQuestion: 'Add question',
    showQuestionGroups: 'Show question groups',
    addQuestionGroup: 'Add question group',
    feedback: 'Feedback',
    addFeedback: 'Send feedback',
    showFeedbacks: 'Show feedback',
    materials: 'Materials',
    materialbankFiles: 'Material bank files',
    monitoring: 'Monitoring',
    sensorData: 'Measurement data',
    alarms: 'Alarms',
    devices: 'Devices',
    showDevices: 'Show meters',
    newDevices: 'New devices',
    addDevice: 'Add meter',
    showMeasurements: 'Show measurements',
    addMeasurement: 'Add measurement',
    addDeviceType: 'Add device type',
    deviceTypes: 'Device types',
    showUserDevices: "Show users' devices",
    addUserDevice: 'Add a device to a user',
    qrCode: 'QR code',
    documents: 'Documents',
    showFiles: 'Show files',
    addFile: 'Add document',
  },
  table: {
    empty: 'No data available',
    loadFailed: 'Loading the data failed.',
    rowsPerPage: 'Rows per page',
    displayedRows: '{{from}}–{{to}} of {{count}}',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page does not exist, or you have no access to it.',
    home: 'Home',
  },
  discussions: discussionsEn,
  devices: devicesEn,
  ingestKeys: ingestKeysEn,
  routeError: {
    title: 'Something went wrong',
    text: 'The page failed to load. Reload the page.',
    reload: 'Reload the page',
  },
  deviceNetwork: deviceNetworkEn,
  qrCode: qrCodeEn,
  materialbank: materialbankEn,
  surveys: surveysEn,
  feedback: feedbackEn,
  alarms: alarmsEn,
  tietoDashboard: tietoDashboardEn,
  vainuDashboard: vainuDashboardEn,
  sensorData: sensorDataEn,
  outbox: outboxEn,
  registrationCodes: registrationCodesEn,
  account: accountEn,
  adminDashboard: adminDashboardEn,
  auditLog: auditLogEn,
  main: mainEn,
  organizations: organizationsEn,
  targets: targetsEn,
  users: usersEn,
};
