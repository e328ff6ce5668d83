import type { registrationCodesFi } from './fi';

export const registrationCodesSv: typeof registrationCodesFi = {
  title: 'Skapa en registreringskod',
  intro:
    'En användare som registrerar sig med koden ansluts till den valda organisationen och de valda objekten och får de valda applikationerna.',
  organization: 'Organisation',
  chooseOrganizationFirst: 'Välj först en organisation så laddas dess objekt.',
  targets: 'Objekt',
  applications: 'Applikationer',
  validity: 'Giltighetstid (dagar)',
  validityHint: '1–{{max}} dagar',
  create: 'Skapa kod',
  code: 'Registreringskod',
  codeHint: 'Koden visas bara nu. Kopiera den eller skicka den per e-post.',
  copy: 'Kopiera',
  copied: 'Kopierad',
  copyUnavailable: 'Kopieringen misslyckades. Koden är markerad: kopiera den med Ctrl+C.',
  sendTitle: 'Skicka koden per e-post',
  recipients: 'Mottagare',
  recipientsHint:
    'En eller flera adresser åtskilda med kommatecken, mellanslag eller radbrytningar',
  invalidRecipients: 'Ogiltig e-postadress: {{addresses}}',
  send: 'Skicka',
  listTitle: 'Registreringskoder',
  tableLabel: 'Registreringskoder',
  created: 'Skapad',
  expires: 'Går ut',
  neverExpires: 'Går inte ut',
  uses: 'Användningar',
  status: 'Status',
  createdBy: 'Skapad av',
  statuses: {
    active: 'Giltig',
    expired: 'Utgången',
    revoked: 'Återkallad',
    usedUp: 'Förbrukad',
  },
  revoke: 'Återkalla',
  revokeLabel: 'Återkalla: kod för {{targets}}, skapad {{created}}',
  revokeTitle: 'Återkalla koden?',
  revokeText:
    'Ingen kan längre registrera sig med koden. Användare som redan registrerat sig med den finns kvar. Kodens objekt: {{targets}}.',
};
