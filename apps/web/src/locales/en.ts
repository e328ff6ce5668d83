import type { WebMessages } from './fi';

export const en: WebMessages = {
  app: {
    name: 'Vahti',
    loading: 'Loading…',
    comingSoon: 'This feature is coming soon.',
    sectionComingSoon: 'This section is coming soon.',
    backToLogin: 'Back to sign-in',
    backToApplications: 'Back to applications',
  },
  api: {
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
  pages: {
    userRegister: 'Register',
    forgotPassword: 'Forgotten password',
    changePassword: 'Change password',
    editUserInformation: 'Edit your details',
  },
  main: {
    title: 'Choose an application',
    noApplications: 'You have no access to any application. Contact your administrator.',
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
  },
  notFound: {
    title: 'Page not found',
    text: 'The page does not exist, or you have no access to it.',
    home: 'Home',
  },
  routeError: {
    title: 'Something went wrong',
    text: 'The page failed to load. Reload the page.',
    reload: 'Reload the page',
  },
};
