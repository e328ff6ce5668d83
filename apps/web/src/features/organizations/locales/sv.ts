import type { organizationsFi } from './fi';

export const organizationsSv: typeof organizationsFi = {
  addTitle: 'Lägg till en ny organisation',
  listTitle: 'Organisationer',
  tableLabel: 'Organisationer',
  editTitle: 'Redigera organisation',
  editLabel: 'Redigera: {{name}}',
  businessId: 'FO-nummer',
  contractNumber: 'Avtalsnummer',
  name: 'Namn',
  address: 'Adress',
  zipCode: 'Postnummer',
  postalDistrict: 'Postanstalt',
  area: 'Område',
  state: 'Status',
  applications: 'Applikationer',
  information: 'Tilläggsuppgifter',
  retentionMonths: 'Lagringstid för mätdata (mån)',
  retentionHint: 'Äldre mätdata raderas en gång per dygn. Tom: sparas alltid.',
  description: 'Beskrivning',
  submit: 'Spara',
};
