import type { vainuDashboardFi } from './fi';

/** Swedish screen texts of the Vainu dashboard. */
export const vainuDashboardSv: typeof vainuDashboardFi = {
  tabsLabel: 'Startsidans vyer',
  devicesTab: 'Mätare',
  usersTab: 'Användare',
  ok: 'I skick',
  alarms: 'Larm',
  devices_one: '{{count}} mätare',
  devices_other: '{{count}} mätare',
  devicesLabel: 'Mätare',
  countsLabel: 'Mätarnas status: {{name}}',
  targetsTitle: 'Objekt',
  noTargets: 'Inga objekt har mätare',
  offlineTitle: 'Ingen förbindelse',
  offlineIntroHours_one:
    'Mätare som inte har skickat data inom mätartypens larmgräns för avbrott (eller på över en timme om typen saknar gräns).',
  offlineIntroHours_other:
    'Mätare som inte har skickat data inom mätartypens larmgräns för avbrott (eller på över {{count}} timmar om typen saknar gräns).',
  offlineIntroMinutes_one:
    'Mätare som inte har skickat data inom mätartypens larmgräns för avbrott (eller på över en minut om typen saknar gräns).',
  offlineIntroMinutes_other:
    'Mätare som inte har skickat data inom mätartypens larmgräns för avbrott (eller på över {{count}} minuter om typen saknar gräns).',
  noneOffline: 'Alla mätare i bruk har skickat data.',
  lastSeenTitle: 'Senast sedd',
  lastSeenIntro: 'När varje mätare senast skickade ett mätvärde, nyaste först.',
  device: 'Mätare',
  target: 'Objekt',
  location: 'Plats',
  lastSeen: 'Senast sedd',
  status: 'Status',
  never: 'Aldrig',
  statusAlarm: 'Larm',
  statusOk: 'I skick',
  statusOffline: 'Ingen förbindelse',
  statusPassive: 'Ur bruk',
  usersIntro: 'Antal användare per roll i organisationen och per objekt.',
};
