/** Finnish texts of the registration codes (Hallinta). */
export const registrationCodesFi = {
  title: 'Luo rekisteröintikoodi',
  intro:
    'Koodilla rekisteröityvä käyttäjä liitetään valittuun organisaatioon ja kohteisiin, ja hän saa valitut sovellukset.',
  organization: 'Organisaatio',
  chooseOrganizationFirst: 'Valitse ensin organisaatio, niin sen kohteet latautuvat.',
  targets: 'Kohteet',
  applications: 'Sovellukset',
  validity: 'Voimassaoloaika (päivää)',
  validityHint: '1–{{max}} päivää',
  create: 'Luo koodi',
  code: 'Rekisteröintikoodi',
  codeHint: 'Koodi näytetään vain nyt. Kopioi se tai lähetä se sähköpostilla.',
  copy: 'Kopioi',
  copied: 'Kopioitu',
  copyUnavailable:
    'Kopiointi ei onnistunut. Koodi on valittuna: kopioi se näppäinyhdistelmällä Ctrl+C.',
  sendTitle: 'Lähetä koodi sähköpostilla',
  recipients: 'Vastaanottajat',
  recipientsHint:
    'Yksi tai useampi osoite pilkuilla, välilyönneillä tai rivinvaihdoilla erotettuna',
  invalidRecipients: 'Sähköposti ei ole kelvollinen: {{addresses}}',
  send: 'Lähetä',
  listTitle: 'Rekisteröintikoodit',
  tableLabel: 'Rekisteröintikoodit',
  created: 'Luotu',
  expires: 'Vanhenee',
  neverExpires: 'Ei vanhene',
  uses: 'Käyttökerrat',
  status: 'Tila',
  createdBy: 'Luonut',
  statuses: {
    active: 'Voimassa',
    expired: 'Vanhentunut',
    revoked: 'Poistettu käytöstä',
    usedUp: 'Käytetty loppuun',
  },
  revoke: 'Poista käytöstä',
  revokeLabel: 'Poista käytöstä: koodi {{targets}}, luotu {{created}}',
  revokeTitle: 'Poistetaanko koodi käytöstä?',
  revokeText:
    'Koodilla ei voi enää rekisteröityä. Sillä jo rekisteröityneet käyttäjät säilyvät. Koodin kohteet: {{targets}}.',
};
