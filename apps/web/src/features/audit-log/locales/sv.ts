import type { auditLogFi } from './fi';

export const auditLogSv: typeof auditLogFi = {
  title: 'Ändringslogg',
  intro: 'Vem ändrade vad och när, nyaste först.',
  at: 'Tid',
  actor: 'Utförd av',
  action: 'Åtgärd',
  organization: 'Organisation',
  details: 'Ändringar',
  /** Detail keys without a field label of their own elsewhere. */
  fields: {
    targetIds: 'Objekt',
    added: 'Tillagda objekt',
    removed: 'Borttagna objekt',
    removedTargetIds: 'Borttagna objekt',
    linkId: 'Länk-ID',
    expiresAt: 'Giltig till',
    recipientCount: 'Antal mottagare',
    recipients: 'Mottagare',
    fromOrganizationId: 'Tidigare organisation',
    unlinkedUsers: 'Frånkopplade användare',
    from: 'Före',
    to: 'Efter',
  },
  actions: {
    user: {
      create: 'Användare skapad',
      update: 'Användarens uppgifter ändrade',
      role: 'Användarens roll ändrad',
      state: 'Användarens status ändrad',
      password: 'Användarens lösenord bytt',
    },
    userTargets: {
      add: 'Objekt kopplade till användare',
      update: 'Användarens objekt ändrade',
      remove: 'Objekt borttaget från användare',
    },
    target: {
      create: 'Objekt skapat',
      update: 'Objektets uppgifter ändrade',
      contactUsersRemove: 'Objektets kontaktpersoner borttagna',
    },
    organization: {
      create: 'Organisation skapad',
      update: 'Organisationens uppgifter ändrade',
    },
    registrationCode: {
      create: 'Registreringskod skapad',
      send: 'Registreringskod skickad',
      revoke: 'Registreringskod återkallad',
    },
  },
};
