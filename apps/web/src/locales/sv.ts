import type { WebMessages } from './fi';

export const sv: WebMessages = {
  app: {
    name: 'Vahti',
    loading: 'Laddar…',
    comingSoon: 'Den här funktionen kommer snart.',
    sectionComingSoon: 'Den här delen kommer snart.',
    backToLogin: 'Tillbaka till inloggningen',
    backToApplications: 'Tillbaka till applikationerna',
  },
  api: {
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
  pages: {
    userRegister: 'Registrera dig',
    forgotPassword: 'Glömt lösenord',
    changePassword: 'Byt lösenord',
    editUserInformation: 'Redigera dina uppgifter',
  },
  main: {
    title: 'Välj applikation',
    noApplications: 'Du har inte åtkomst till någon applikation. Kontakta administratören.',
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
  },
  notFound: {
    title: 'Sidan hittades inte',
    text: 'Sidan finns inte, eller så har du inte åtkomst till den.',
    home: 'Till startsidan',
  },
  routeError: {
    title: 'Något gick fel',
    text: 'Sidan kunde inte laddas. Ladda om sidan.',
    reload: 'Ladda om sidan',
  },
};
