/** Texts of the application chooser (/main). */
export const mainFi = {
  title: 'Valitse sovellus',
  noApplications:
    'Sinulla ei ole käyttöoikeutta yhteenkään sovellukseen. Ota yhteyttä ylläpitäjään.',
};
