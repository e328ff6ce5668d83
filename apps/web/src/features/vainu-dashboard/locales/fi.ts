/** Finnish screen texts of the Vainu dashboard (spec 001 §2 Vainu 1 and 8). */
export const vainuDashboardFi = {
  tabsLabel: 'Etusivun näkymät',
  devicesTab: 'Mittarit',
  usersTab: 'Käyttäjät',
  ok: 'Kunnossa',
  alarms: 'Hälytykset',
  devices_one: '{{count}} mittari',
  devices_other: '{{count}} mittaria',
  devicesLabel: 'Mittareita',
  countsLabel: 'Mittarien tila: {{name}}',
  targetsTitle: 'Kohteet',
  noTargets: 'Kohteissa ei ole mittareita',
  offlineTitle: 'Ei yhteyttä',
  offlineIntroHours_one:
    'Mittarit, joista ei ole saatu tietoja laitetyypin yhteyskatkon hälytysrajan aikana (tai yli tuntiin, jos tyypillä ei ole rajaa).',
  offlineIntroHours_other:
    'Mittarit, joista ei ole saatu tietoja laitetyypin yhteyskatkon hälytysrajan aikana (tai yli {{count}} tuntiin, jos tyypillä ei ole rajaa).',
  offlineIntroMinutes_one:
    'Mittarit, joista ei ole saatu tietoja laitetyypin yhteyskatkon hälytysrajan aikana (tai yli minuuttiin, jos tyypillä ei ole rajaa).',
  offlineIntroMinutes_other:
    'Mittarit, joista ei ole saatu tietoja laitetyypin yhteyskatkon hälytysrajan aikana (tai yli {{count}} minuuttiin, jos tyypillä ei ole rajaa).',
  noneOffline: 'Kaikista käytössä olevista mittareista on saatu tietoja.',
  lastSeenTitle: 'Viimeksi nähty',
  lastSeenIntro: 'Milloin kustakin mittarista on viimeksi saatu mittaustieto, uusin ensin.',
  device: 'Mittari',
  target: 'Kohde',
  location: 'Sijainti',
  lastSeen: 'Viimeksi nähty',
  status: 'Tila',
  never: 'Ei koskaan',
  statusAlarm: 'Hälytys',
  statusOk: 'Kunnossa',
  statusOffline: 'Ei yhteyttä',
  statusPassive: 'Pois käytöstä',
  usersIntro: 'Käyttäjämäärät rooleittain organisaatiossa ja kohteittain.',
};
