/** Finnish screen texts of Tieto feedback (spec 001 §2 Tieto 7). */
export const feedbackFi = {
  addTitle: 'Lähetä palaute',
  title: 'Otsikko',
  message: 'Viesti',
  target: 'Kohde',
  submit: 'Lähetä palaute',
  listTitle: 'Palautteet',
  state: 'Tila',
  sender: 'Lähettäjä',
  sent: 'Lähetetty',
  targetFilter: 'Kohde',
  allTargets: 'Kaikki kohteet',
  editTitle: 'Muokkaa palautetta',
  editLabel: 'Muokkaa palautetta: {{name}}',
  states: { Uusi: 'Uusi', Suljettu: 'Suljettu' },
  messagesTab: 'Viestit',
  messagesTabLabel: 'Viestit: {{count}} uutta palautetta',
};
