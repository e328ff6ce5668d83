import type { accountFi } from '@/features/account/locales/fi';
import type { adminDashboardFi } from '@/features/admin-dashboard/locales/fi';
import type { alarmsFi } from '@/features/alarms/locales/fi';
import type { auditLogFi } from '@/features/audit-log/locales/fi';
import type { deviceNetworkFi } from '@/features/device-network/locales/fi';
import type { devicesFi } from '@/features/devices/locales/fi';
import type { discussionsFi } from '@/features/discussions/locales/fi';
import type { feedbackFi } from '@/features/feedback/locales/fi';
import type { ingestKeysFi } from '@/features/ingest-keys/locales/fi';
import type { mainFi } from '@/features/main/locales/fi';
import type { materialbankFi } from '@/features/materialbank/locales/fi';
import type { notificationsFi } from '@/features/notifications/locales/fi';
import type { organizationsFi } from '@/features/organizations/locales/fi';
import type { outboxFi } from '@/features/outbox/locales/fi';
import type { qrCodeFi } from '@/features/qr-code/locales/fi';
import type { registrationCodesFi } from '@/features/registration-codes/locales/fi';
import type { reportSchedulesFi } from '@/features/report-schedules/locales/fi';
import type { sensorDataFi } from '@/features/sensor-data/locales/fi';
import type { surveysFi } from '@/features/surveys/locales/fi';
import type { targetsFi } from '@/features/targets/locales/fi';
import type { tietoDashboardFi } from '@/features/tieto-dashboard/locales/fi';
import type { usersFi } from '@/features/users/locales/fi';
import type { vainuDashboardFi } from '@/features/vainu-dashboard/locales/fi';
import type { webhooksFi } from '@/features/webhooks/locales/fi';
import type { signedInFi } from './fi-signed-in';

/**
 * Finnish texts of the screens anyone may open (the login screen and its like): the first page's.
 * Each feature's own are in its `locales/fi.ts`, the signed-in frame's and shared components' in
 * `fi-signed-in.ts`; both load with their screens (app/lazy-screen.ts). The validation messages shared
 * with the API come from `@vahti/domain/i18n/fi` and are merged in by lib/i18n.ts; keep the
 * top-level keys here distinct from the API's (`validation`, `errors`, `messages`).
 */
export const fi = {
  app: {
    name: 'Vahti',
    loading: 'Ladataan…',
    backToLogin: 'Takaisin kirjautumiseen',
    close: 'Sulje',
    language: 'Kieli',
  },
  api: {
    /** A 429 answer, with the time from its Retry-After in the user's own clock. */
    retryAt: {
      failedSignIns: 'Liian monta epäonnistunutta yritystä. Yritä uudelleen klo {{time}}.',
      attempts: 'Liian monta yritystä. Yritä uudelleen klo {{time}}.',
    },
    networkError: 'Palvelimeen ei saada yhteyttä. Yritä uudelleen.',
    unexpectedError: 'Jokin meni vikaan',
  },
  login: {
    title: 'Kirjaudu sisään',
    intro: 'Rakennusten valvonta ja viestintä',
    email: 'Sähköposti',
    password: 'Salasana',
    submit: 'Kirjaudu',
    register: 'Rekisteröidy',
    forgotPassword: 'Unohditko salasanasi?',
    sessionExpired: 'Istunto on päättynyt. Kirjaudu uudelleen.',
    or: 'tai',
    passkeySignIn: 'Kirjaudu pääsyavaimella',
    passkeyCancelled: 'Pääsyavainta ei käytetty. Yritä uudelleen tai valitse toinen tapa.',
    secondStepTitle: 'Vahvista kirjautuminen',
    secondStepIntro: 'Anna todennussovelluksesi koodi tai käytä pääsyavainta.',
    trustBrowser: 'Luota tähän selaimeen 30 päivää',
    usePasskey: 'Käytä pääsyavainta',
    totpCode: 'Todennuskoodi',
    recoveryCode: 'Varakoodi',
    confirm: 'Vahvista',
    useTotp: 'Käytä todennussovellusta',
    useRecoveryCode: 'Käytä varakoodia',
    enrolTitle: 'Ota käyttöön toinen tunnistautumistapa',
    enrolIntro:
      'Organisaatiosi edellyttää roolillesi toista tunnistautumistapaa. Ota käyttöön todennussovellus tai pääsyavain, niin kirjautuminen jatkuu.',
    enrolTotp: 'Ota käyttöön todennussovellus',
    enrolPasskey: 'Lisää pääsyavain',
    passkeyName: 'Pääsyavaimen nimi',
    passkeyDefaultName: 'Pääsyavain',
    totpScan:
      'Lue QR-koodi todennussovelluksella (esim. Google Authenticator tai Microsoft Authenticator) ja anna sen näyttämä koodi.',
    totpQrAlt: 'QR-koodi todennussovellukseen',
    totpSecret: 'Tai syötä avain käsin:',
    totpConfirm: 'Vahvista koodi',
    recoveryCodesTitle: 'Varakoodit',
    recoveryCodesIntro:
      'Tallenna nämä varakoodit turvalliseen paikkaan. Kukin toimii kerran, jos todennussovellus tai pääsyavain ei ole käytettävissä. Koodeja ei näytetä uudelleen.',
    recoveryCodesDone: 'Olen tallentanut koodit',
    sso: 'Kirjaudu organisaation tunnuksella',
    ssoCompleting: 'Kirjaudutaan organisaation tunnuksella…',
  },
  register: {
    title: 'Rekisteröidy',
    intro: 'Rekisteröidy ylläpitäjältä saamallasi rekisteröintikoodilla.',
    email: 'Sähköposti',
    code: 'Rekisteröintikoodi',
    password: 'Salasana',
    confirmPassword: 'Salasana uudelleen',
    firstName: 'Etunimi',
    lastName: 'Sukunimi',
    phone: 'Puhelinnumero',
    submit: 'Rekisteröidy',
    toLogin: 'Kirjautumiseen',
  },
  forgotPassword: {
    title: 'Unohtunut salasana',
    intro: 'Anna sähköpostiosoitteesi, niin lähetämme siihen linkin salasanan vaihtamiseen.',
    email: 'Sähköposti',
    submit: 'Lähetä',
  },
  resetPassword: {
    title: 'Vaihda salasana',
    email: 'Sähköposti',
    newPassword: 'Uusi salasana',
    confirmPassword: 'Uusi salasana uudelleen',
    submit: 'Vaihda salasana',
    missingLink:
      'Salasanan vaihtolinkki puuttuu tai on virheellinen. Pyydä uusi linkki sähköpostiisi.',
    requestNewLink: 'Pyydä uusi salasanan vaihtolinkki',
  },
  form: {
    optional: 'Valinnainen',
  },
  components: {
    search: 'Hae',
    retry: 'Yritä uudelleen',
    actions: 'Toiminnot',
    cancel: 'Peruuta',
    save: 'Tallenna',
    open: 'Avaa',
    clear: 'Tyhjennä',
    counter: '{{count}}/{{max}}',
  },
  table: {
    empty: 'Tietoa ei saatavilla',
    loadFailed: 'Tietojen lataaminen epäonnistui.',
    rowsPerPage: 'Rivejä sivulla',
    displayedRows: '{{from}}–{{to}} / {{count}}',
  },
  notFound: {
    title: 'Sivua ei löytynyt',
    text: 'Hakemaasi sivua ei ole olemassa, tai sinulla ei ole oikeutta siihen.',
    home: 'Etusivulle',
  },
  routeError: {
    title: 'Jokin meni vikaan',
    text: 'Sivun lataaminen epäonnistui. Lataa sivu uudelleen.',
    reload: 'Lataa sivu uudelleen',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language must fill, features included; a missing text fails the type check. */
export type WebMessages = Widen<
  typeof fi &
    typeof signedInFi & {
      account: typeof accountFi;
      adminDashboard: typeof adminDashboardFi;
      auditLog: typeof auditLogFi;
      main: typeof mainFi;
      organizations: typeof organizationsFi;
      targets: typeof targetsFi;
      users: typeof usersFi;
      discussions: typeof discussionsFi;
      devices: typeof devicesFi;
      ingestKeys: typeof ingestKeysFi;
      deviceNetwork: typeof deviceNetworkFi;
      qrCode: typeof qrCodeFi;
      materialbank: typeof materialbankFi;
      surveys: typeof surveysFi;
      feedback: typeof feedbackFi;
      alarms: typeof alarmsFi;
      notifications: typeof notificationsFi;
      tietoDashboard: typeof tietoDashboardFi;
      vainuDashboard: typeof vainuDashboardFi;
      sensorData: typeof sensorDataFi;
      reportSchedules: typeof reportSchedulesFi;
      registrationCodes: typeof registrationCodesFi;
      outbox: typeof outboxFi;
      webhooks: typeof webhooksFi;
    }
>;
