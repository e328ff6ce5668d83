import type { targetsFi } from './fi';

export const targetsSv: typeof targetsFi = {
  addTitle: 'Lägg till ett nytt objekt',
  listTitle: 'Objekt',
  tableLabel: 'Objekt',
  editTitle: 'Redigera objekt',
  editLabel: 'Redigera: {{name}}',
  name: 'Namn',
  address: 'Adress',
  zipCode: 'Postnummer',
  postalDistrict: 'Postanstalt',
  organization: 'Organisation',
  type: 'Typ',
  propertyId: 'Fastighetsbeteckning',
  jobNumber: 'Arbetsnummer',
  contactUsers: 'Kontaktpersoner',
  contactUsersHint: 'Användare i objektets organisation, minst en',
  state: 'Status',
  information: 'Tilläggsuppgifter',
  description: 'Beskrivning',
  submit: 'Spara',
};
