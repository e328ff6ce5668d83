import type { targetsFi } from './fi';

export const targetsEn: typeof targetsFi = {
  addTitle: 'Add a new target',
  listTitle: 'Targets',
  tableLabel: 'Targets',
  editTitle: 'Edit target',
  editLabel: 'Edit: {{name}}',
  name: 'Name',
  address: 'Address',
  zipCode: 'Postal code',
  postalDistrict: 'Postal district',
  organization: 'Organization',
  type: 'Type',
  propertyId: 'Property ID',
  jobNumber: 'Job number',
  contactUsers: 'Contact persons',
  contactUsersHint: "Users of the target's organization, at least one",
  state: 'State',
  information: 'Information',
  description: 'Description',
  submit: 'Save',
};
