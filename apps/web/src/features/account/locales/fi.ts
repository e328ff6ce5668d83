/** Texts of the user's own screens in every area: own details, own password, the user card. */
export const accountFi = {
  ownPassword: {
    title: 'Vaihda salasana',
    currentPassword: 'Nykyinen salasana',
    newPassword: 'Uusi salasana',
    confirmPassword: 'Uusi salasana uudelleen',
    submit: 'Tallenna',
  },
  ownDetails: {
    title: 'Muokkaa omia tietoja',
    email: 'Sähköposti',
    emailHelp: 'Sähköpostiosoitetta ei voi muuttaa.',
    firstName: 'Etunimi',
    lastName: 'Sukunimi',
    phone: 'Puhelinnumero',
    jobTitle: 'Titteli',
    alarmMail:
      'Hälytysviestit: ilmoita minulle, kun yhteyshenkilönä olemani kohteen mittari hälyttää',
    submit: 'Tallenna',
  },
  showUser: {
    title: 'Omat tiedot',
    name: 'Nimi',
    email: 'Sähköposti',
    phone: 'Puhelinnumero',
    jobTitle: 'Titteli',
    role: 'Rooli',
    organization: 'Organisaatio',
    permissions: 'Sovellukset',
    targets: 'Kohteita',
    editDetails: 'Muokkaa omia tietoja',
    changePassword: 'Vaihda salasana',
  },
};
