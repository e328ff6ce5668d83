import type { accountFi } from './fi';

export const accountEn: typeof accountFi = {
  ownPassword: {
    title: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Repeat new password',
    submit: 'Save',
  },
  ownDetails: {
    title: 'Edit your details',
    email: 'E-mail',
    emailHelp: 'The e-mail address cannot be changed.',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone number',
    jobTitle: 'Job title',
    alarmMail: 'E-mail me when a device of a target I am a contact person for raises an alarm',
    submit: 'Save',
  },
  showUser: {
    title: 'My details',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone number',
    jobTitle: 'Job title',
    role: 'Role',
    organization: 'Organization',
    permissions: 'Applications',
    targets: 'Targets',
    editDetails: 'Edit my details',
    changePassword: 'Change password',
  },
};
