import type { accountFi } from './fi';

export const accountSv: typeof accountFi = {
  ownPassword: {
    title: 'Byt lösenord',
    currentPassword: 'Nuvarande lösenord',
    newPassword: 'Nytt lösenord',
    confirmPassword: 'Nytt lösenord igen',
    submit: 'Spara',
  },
  ownDetails: {
    title: 'Redigera dina uppgifter',
    email: 'E-post',
    emailHelp: 'E-postadressen kan inte ändras.',
    firstName: 'Förnamn',
    lastName: 'Efternamn',
    phone: 'Telefonnummer',
    jobTitle: 'Titel',
    alarmMail: 'Skicka e-post till mig när en mätare i ett objekt där jag är kontaktperson larmar',
    submit: 'Spara',
  },
  showUser: {
    title: 'Mina uppgifter',
    name: 'Namn',
    email: 'E-post',
    phone: 'Telefonnummer',
    jobTitle: 'Titel',
    role: 'Roll',
    organization: 'Organisation',
    permissions: 'Applikationer',
    targets: 'Objekt',
    editDetails: 'Redigera mina uppgifter',
    changePassword: 'Byt lösenord',
  },
};
