/**
 * Finnish screen texts of the web app. Validation and error texts shared with the API come from
 * `sharedMessages` in @vahti/domain and are merged in by lib/i18n.ts; keep the top-level keys
 * here distinct from those (`validation`, `errors`, `messages`).
 */
export const fi = {
  app: {
    name: 'Vahti',
    loading: 'Ladataan…',
    comingSoon: 'Tämä toiminto on tulossa.',
    sectionComingSoon: 'Tämä osio on tulossa.',
    backToLogin: 'Takaisin kirjautumiseen',
    backToApplications: 'Takaisin sovelluksiin',
  },
  api: {
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
  },
  pages: {
    userRegister: 'Rekisteröidy',
    forgotPassword: 'Unohtunut salasana',
    changePassword: 'Vaihda salasana',
    editUserInformation: 'Muokkaa omia tietoja',
  },
  main: {
    title: 'Valitse sovellus',
    noApplications:
      'Sinulla ei ole käyttöoikeutta yhteenkään sovellukseen. Ota yhteyttä ylläpitäjään.',
  },
  sections: {
    tieto: {
      name: 'Tieto',
      card: 'TIETO',
      description: 'Keskustelut, kyselyt, palautteet ja materiaalit',
    },
    vainu: {
      name: 'Vainu',
      card: 'VAINU',
      description: 'Kiinteistöt, laitteet, mittaukset ja hälytykset',
    },
    materiaalipankki: {
      name: 'Materiaalipankki',
      card: 'MATERIAALIPANKKI',
      description: 'Dokumenttien tallennus ja jakaminen',
    },
    hallinta: {
      name: 'Hallinta',
      card: 'HALLINTA',
      description: 'Käyttäjät, organisaatiot, kohteet ja rekisteröintikoodit',
    },
  },
  area: {
    home: '{{area}} – etusivu',
    applications: 'Sovellukset',
    logout: 'Kirjaudu ulos',
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
/** The shape every language must fill; a missing text fails the type check. */
export type WebMessages = Widen<typeof fi>;
