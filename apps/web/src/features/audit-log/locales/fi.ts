/**
 * Texts of the audit log (Hallinta, Pääylläpitäjä). Its field labels reuse the users',
 * organizations' and targets' form labels, so its screen loads their texts too (app/screens.ts).
 */
export const auditLogFi = {
  title: 'Muutosloki',
  intro: 'Kuka muutti mitä ja milloin, uusin ensin.',
  at: 'Aika',
  actor: 'Tekijä',
  action: 'Toimenpide',
  organization: 'Organisaatio',
  details: 'Muutokset',
  /** Detail keys without a field label of their own elsewhere. */
  fields: {
    targetIds: 'Kohteet',
    added: 'Lisätyt kohteet',
    removed: 'Poistetut kohteet',
    removedTargetIds: 'Poistetut kohteet',
    linkId: 'Linkin tunnus',
    expiresAt: 'Voimassa asti',
    recipientCount: 'Vastaanottajien määrä',
    recipients: 'Vastaanottajat',
    fromOrganizationId: 'Edellinen organisaatio',
    unlinkedUsers: 'Irrotettuja käyttäjiä',
    from: 'Ennen',
    to: 'Jälkeen',
  },
  actions: {
    user: {
      create: 'Käyttäjä luotu',
      update: 'Käyttäjän tiedot muutettu',
      role: 'Käyttäjän rooli muutettu',
      state: 'Käyttäjän tila muutettu',
      password: 'Käyttäjän salasana vaihdettu',
    },
    userTargets: {
      add: 'Kohteita liitetty käyttäjään',
      update: 'Käyttäjän kohteet muutettu',
      remove: 'Kohde poistettu käyttäjältä',
    },
    target: {
      create: 'Kohde luotu',
      update: 'Kohteen tiedot muutettu',
      contactUsersRemove: 'Kohteen yhteyshenkilöt poistettu',
    },
    organization: {
      create: 'Organisaatio luotu',
      update: 'Organisaation tiedot muutettu',
    },
    registrationCode: {
      create: 'Rekisteröintikoodi luotu',
      send: 'Rekisteröintikoodi lähetetty',
      revoke: 'Rekisteröintikoodi poistettu käytöstä',
    },
  },
};
