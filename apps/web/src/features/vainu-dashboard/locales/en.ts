import type { vainuDashboardFi } from './fi';

/** English screen texts of the Vainu dashboard. */
export const vainuDashboardEn: typeof vainuDashboardFi = {
  tabsLabel: 'Home page views',
  devicesTab: 'Devices',
  usersTab: 'Users',
  ok: 'OK',
  alarms: 'Alarms',
  devices_one: '{{count}} device',
  devices_other: '{{count}} devices',
  devicesLabel: 'Devices',
  countsLabel: 'Device status: {{name}}',
  targetsTitle: 'Targets',
  noTargets: 'No target has devices',
  offlineTitle: 'No connection',
  offlineIntroHours_one:
    'Devices that have sent no data within their device type’s offline alarm limit (or for over an hour when the type has none).',
  offlineIntroHours_other:
    'Devices that have sent no data within their device type’s offline alarm limit (or for over {{count}} hours when the type has none).',
  offlineIntroMinutes_one:
    'Devices that have sent no data within their device type’s offline alarm limit (or for over a minute when the type has none).',
  offlineIntroMinutes_other:
    'Devices that have sent no data within their device type’s offline alarm limit (or for over {{count}} minutes when the type has none).',
  noneOffline: 'Every device in use has sent data.',
  lastSeenTitle: 'Last seen',
  lastSeenIntro: 'When each device last sent a measurement, newest first.',
  device: 'Device',
  target: 'Target',
  location: 'Location',
  lastSeen: 'Last seen',
  status: 'Status',
  never: 'Never',
  statusAlarm: 'Alarm',
  statusOk: 'OK',
  statusOffline: 'No connection',
  statusPassive: 'Out of use',
  usersIntro: 'User counts by role in the organization and per target.',
};
