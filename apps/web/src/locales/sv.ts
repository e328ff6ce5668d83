import { accountSv } from '@/features/account/locales/sv';
import { adminDashboardSv } from '@/features/admin-dashboard/locales/sv';
import { alarmsSv } from '@/features/alarms/locales/sv';
import { auditLogSv } from '@/features/audit-log/locales/sv';
import { deviceNetworkSv } from '@/features/device-network/locales/sv';
import { devicesSv } from '@/features/devices/locales/sv';
import { discussionsSv } from '@/features/discussions/locales/sv';
import { feedbackSv } from '@/features/feedback/locales/sv';
import { ingestKeysSv } from '@/features/ingest-keys/locales/sv';
import { mainSv } from '@/features/main/locales/sv';
import { materialbankSv } from '@/features/materialbank/locales/sv';
import { organizationsSv } from '@/features/organizations/locales/sv';
import { outboxSv } from '@/features/outbox/locales/sv';
import { qrCodeSv } from '@/features/qr-code/locales/sv';
import { registrationCodesSv } from '@/features/registration-codes/locales/sv';
import { sensorDataSv } from '@/features/sensor-data/locales/sv';
import { surveysSv } from '@/features/surveys/locales/sv';
import { targetsSv } from '@/features/targets/locales/sv';
import { tietoDashboardSv } from '@/features/tieto-dashboard/locales/sv';
import { usersSv } from '@/features/users/locales/sv';
import { vainuDashboardSv } from '@/features/vainu-dashboard/locales/sv';
import type { WebMessages } from './fi';

export const sv: WebMessages = {
  app: {
    name: 'Vahti',
    loading: 'Laddar…',
    backToLogin: 'Tillbaka till inloggningen',
    close: 'Stäng',
    language: 'Språk',
  },
  api: {
    /** A 429 answer, with the time from its Retry-After in the user's own clock. */
    retryAt: {
      failedSignIns: 'För många misslyckade försök. Försök igen kl. {{time}}.',
      attempts: 'För många försök. Försök igen kl. {{time}}.',
    },
    networkError: 'Servern kan inte nås. Försök igen.',
    unexpectedError: 'Något gick fel',
  },
  login: {
    title: 'Logga in',
    intro: 'Övervakning av byggnader och kommunikation',
    email: 'E-post',
    password: 'Lösenord',
    submit: 'Logga in',
    register: 'Registrera dig',
    forgotPassword: 'Glömt lösenordet?',
    sessionExpired: 'Sessionen har upphört. Logga in igen.',
  },
  register: {
    title: 'Registrera dig',
    intro: 'Registrera dig med registreringskoden du fått av administratören.',
    email: 'E-post',
    code: 'Registreringskod',
    password: 'Lösenord',
    confirmPassword: 'Lösenord igen',
    firstName: 'Förnamn',
    lastName: 'Efternamn',
    phone: 'Telefonnummer',
    submit: 'Registrera dig',
    toLogin: 'Till inloggningen',
  },
  forgotPassword: {
    title: 'Glömt lösenord',
    intro: 'Ange din e-postadress så skickar vi en länk för att byta lösenord.',
    email: 'E-post',
    submit: 'Skicka',
  },
  resetPassword: {
    title: 'Byt lösenord',
    email: 'E-post',
    newPassword: 'Nytt lösenord',
    confirmPassword: 'Nytt lösenord igen',
    submit: 'Byt lösenord',
    missingLink:
      'Länken för att byta lösenord saknas eller är ogiltig. Be om en ny länk per e-post.',
    requestNewLink: 'Be om en ny länk för att byta lösenord',
  },
  form: {
    optional: 'Valfritt',
  },
  components: {
    search: 'Sök',
    retry: 'Försök igen',
    actions: 'Åtgärder',
    cancel: 'Avbryt',
    save: 'Spara',
    open: 'Öppna',
    clear: 'Töm',
    counter: '{{count}}/{{max}}',
  },
  valueState: {
    over: 'Över övre gränsen',
    under: 'Under nedre gränsen',
    within: 'Inom gränserna',
    class: 'Inneklimatklass {{name}}',
    outside: 'Ingen inneklimatklass',
    noValue: 'Inget värde',
    limits: 'Gränser {{low}} – {{high}}',
  },
  roleCounts: {
    organization: 'Organisation',
    organizationTitle: 'Användare per roll: {{name}}',
    targetsTitle: 'Användare per objekt',
    total_one: '{{count}} användare',
    total_other: '{{count}} användare',
    countsLabel: 'Antal användare: {{title}}',
    roles: {
      Käyttäjä: 'Användare',
      Pääkäyttäjä: 'Huvudanvändare',
      Ylläpitäjä: 'Administratör',
      Pääylläpitäjä: 'Huvudadministratör',
    },
  },
  recordStates: {
    Aktiivinen: 'Aktiv',
    Passiivinen: 'Passiv',
  },
  sections: {
    tieto: {
      name: 'Tieto',
      card: 'TIETO',
      description: 'Diskussioner, enkäter, respons och material',
    },
    vainu: {
      name: 'Vainu',
      card: 'VAINU',
      description: 'Fastigheter, enheter, mätningar och larm',
    },
    materiaalipankki: {
      name: 'Materialbank',
      card: 'MATERIAALIPANKKI',
      description: 'Lagring och delning av dokument',
    },
    hallinta: {
      name: 'Administration',
      card: 'HALLINTA',
      description: 'Användare, organisationer, objekt och registreringskoder',
    },
  },
  area: {
    home: '{{area}} – startsida',
    applications: 'Applikationer',
    logout: 'Logga ut',
    menu: 'Meny',
    closeMenu: 'Stäng menyn',
    account: 'Användarkonto',
    changePassword: 'Byt lösenord',
    editOwnDetails: 'Redigera dina uppgifter',
    topNavigation: 'Huvudmeny',
    sideNavigation: 'Sidomeny',
    userPanel: 'Användare och meny',
    skipToContent: 'Hoppa till innehållet',
    siteInfo: 'Om webbplatsen',
    openSiteInfoPdf: 'Öppna PDF-filen i en ny flik',
  },
  nav: {
    home: 'Startsida',
    organizations: 'Organisationer',
    showOrganizations: 'Visa organisationer',
    addOrganization: 'Lägg till organisation',
    organizationLogo: 'Organisationens logotyp',
    users: 'Användare',
    showUsers: 'Visa användare',
    addUser: 'Lägg till användare',
    addTargetsToUser: 'Lägg till objekt för en användare',
    changeUserPassword: 'Byt en användares lösenord',
    generateRegistrationCode: 'Skapa registreringskod',
    targets: 'Objekt',
    showTargets: 'Visa objekt',
    addTarget: 'Lägg till objekt',
    system: 'System',
    outbox: 'Utgående meddelanden',
    auditLog: 'Ändringslogg',
    discussions: 'Diskussioner',
    showDiscussions: 'Visa diskussioner',
    addDiscussion: 'Lägg till diskussion',
    manageDiscussions: 'Hantera diskussioner',
    surveys: 'Enkäter',
    answerSurvey: 'Svara på en enkät',
    showQueries: 'Visa enkäter',
    addQuery: 'Lägg till enkät',
    surveyResults: 'Enkätresultat',
    showQuestions: 'Visa frågor',
    addQuestion: 'Lägg till fråga',
    showQuestionGroups: 'Visa frågegrupper',
    addQuestionGroup: 'Lägg till frågegrupp',
    feedback: 'Respons',
    addFeedback: 'Skicka respons',
    showFeedbacks: 'Visa respons',
    materials: 'Material',
    materialbankFiles: 'Materialbankens filer',
    monitoring: 'Uppföljning',
    sensorData: 'Mätdata',
    alarms: 'Larm',
    devices: 'Enheter',
    showDevices: 'Visa mätare',
    newDevices: 'Nya enheter',
    addDevice: 'Lägg till mätare',
    showMeasurements: 'Visa mätningar',
    addMeasurement: 'Lägg till mätning',
    addDeviceType: 'Lägg till mätartyp',
    deviceTypes: 'Enhetstyper',
    showUserDevices: 'Visa användarnas enheter',
    addUserDevice: 'Lägg till en enhet för en användare',
    qrCode: 'QR-kod',
    documents: 'Dokument',
    showFiles: 'Visa filer',
    addFile: 'Lägg till dokument',
  },
  table: {
    empty: 'Ingen information tillgänglig',
    loadFailed: 'Det gick inte att läsa in uppgifterna.',
    rowsPerPage: 'Rader per sida',
    displayedRows: '{{from}}–{{to}} av {{count}}',
  },
  notFound: {
    title: 'Sidan hittades inte',
    text: 'Sidan finns inte, eller så har du inte åtkomst till den.',
    home: 'Till startsidan',
  },
  discussions: discussionsSv,
  devices: devicesSv,
  ingestKeys: ingestKeysSv,
  routeError: {
    title: 'Något gick fel',
    text: 'Sidan kunde inte laddas. Ladda om sidan.',
    reload: 'Ladda om sidan',
  },
  deviceNetwork: deviceNetworkSv,
  qrCode: qrCodeSv,
  materialbank: materialbankSv,
  surveys: surveysSv,
  feedback: feedbackSv,
  alarms: alarmsSv,
  tietoDashboard: tietoDashboardSv,
  vainuDashboard: vainuDashboardSv,
  sensorData: sensorDataSv,
  outbox: outboxSv,
  registrationCodes: registrationCodesSv,
  account: accountSv,
  adminDashboard: adminDashboardSv,
  auditLog: auditLogSv,
  main: mainSv,
  organizations: organizationsSv,
  targets: targetsSv,
  users: usersSv,
};
