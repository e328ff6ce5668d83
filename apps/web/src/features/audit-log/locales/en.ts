import type { auditLogFi } from './fi';

export const auditLogEn: typeof auditLogFi = {
  title: 'Audit log',
  intro: 'Who changed what and when, newest first.',
  at: 'Time',
  actor: 'By',
  action: 'Action',
  organization: 'Organization',
  details: 'Changes',
  /** Detail keys without a field label of their own elsewhere. */
  fields: {
    targetIds: 'Targets',
    added: 'Added targets',
    removed: 'Removed targets',
    removedTargetIds: 'Removed targets',
    linkId: 'Link ID',
    expiresAt: 'Valid until',
    recipientCount: 'Number of recipients',
    recipients: 'Recipients',
    fromOrganizationId: 'Previous organization',
    unlinkedUsers: 'Users unlinked',
    from: 'Before',
    to: 'After',
  },
  actions: {
    user: {
      create: 'User created',
      update: 'User details changed',
      role: 'User role changed',
      state: 'User state changed',
      password: 'User password changed',
    },
    userTargets: {
      add: 'Targets linked to user',
      update: "User's targets changed",
      remove: 'Target removed from user',
    },
    target: {
      create: 'Target created',
      update: 'Target details changed',
      contactUsersRemove: 'Target contact users removed',
    },
    organization: {
      create: 'Organization created',
      update: 'Organization details changed',
    },
    registrationCode: {
      create: 'Registration code created',
      send: 'Registration code sent',
      revoke: 'Registration code revoked',
    },
  },
};
