import type { organizationsFi } from './fi';

export const organizationsEn: typeof organizationsFi = {
  addTitle: 'Add a new organization',
  listTitle: 'Organizations',
  tableLabel: 'Organizations',
  editTitle: 'Edit organization',
  editLabel: 'Edit: {{name}}',
  businessId: 'Business ID',
  contractNumber: 'Contract number',
  name: 'Name',
  address: 'Address',
  zipCode: 'Postal code',
  postalDistrict: 'Postal district',
  area: 'Area',
  state: 'State',
  applications: 'Applications',
  information: 'Information',
  retentionMonths: 'Measurement data retention (months)',
  retentionHint: 'Older measurement data is deleted once a day. Empty: kept for good.',
  description: 'Description',
  submit: 'Save',
};
