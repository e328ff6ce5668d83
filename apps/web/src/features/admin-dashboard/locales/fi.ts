/** Texts of the Hallinta front page (the role counts themselves are shared: roleCounts). */
export const adminDashboardFi = {
  intro: 'Käyttäjämäärät rooleittain organisaatiossa ja kohteittain.',
  noAccess:
    'Käyttäjämäärien katselu vaatii ylläpitäjän roolin. Ota yhteyttä organisaatiosi ylläpitäjään.',
};
