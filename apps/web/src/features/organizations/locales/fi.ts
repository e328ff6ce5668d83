/** Texts of the organization screens (Hallinta, Pääylläpitäjä). */
export const organizationsFi = {
  addTitle: 'Lisää uusi organisaatio',
  listTitle: 'Organisaatiot',
  tableLabel: 'Organisaatiot',
  editTitle: 'Muokkaa organisaatiota',
  editLabel: 'Muokkaa: {{name}}',
  businessId: 'Y-tunnus',
  contractNumber: 'Sopimusnumero',
  name: 'Nimi',
  address: 'Osoite',
  zipCode: 'Postinumero',
  postalDistrict: 'Postitoimipaikka',
  area: 'Alue',
  state: 'Tila',
  applications: 'Sovellukset',
  information: 'Lisätiedot',
  retentionMonths: 'Mittaustietojen säilytysaika (kk)',
  retentionHint:
    'Tätä vanhemmat mittaustiedot poistetaan kerran vuorokaudessa. Tyhjä: säilytetään aina.',
  description: 'Kuvaus',
  submit: 'Tallenna',
};
