/** Finnish screen texts of the Tieto dashboard (spec 001 §2 Tieto 1). */
export const tietoDashboardFi = {
  discussions: 'Keskustelut',
  feedbacks: 'Palautteet',
  queries: 'Kyselyt',
  users: '{{count}} käyttäjää',
  usersLabel: 'Käyttäjät',
  targetsTitle: 'Kohteet',
  noTargets: 'Tietoa ei saatavilla',
};
