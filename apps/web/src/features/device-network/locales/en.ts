import type { deviceNetworkFi } from './fi';

type Texts = { [K in keyof typeof deviceNetworkFi]: Widen<(typeof deviceNetworkFi)[K]> };
type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> };

export const deviceNetworkEn: Texts = {
  title: 'Device types',
  intro: 'The device profiles of the device network, read from the device-network service.',
  tableLabel: 'Device types of the device network',
  name: 'Name',
  region: 'Region',
  macVersion: 'LoRaWAN version',
  regParamsRevision: 'Regional parameters',
  otaa: 'OTAA join',
  classes: 'Device classes',
  updated: 'Updated',
  id: 'Id',
  yes: 'Yes',
  no: 'No',
  retry: 'Try again',
  partial: 'Showing {{shown}} of {{total}} device types.',
  deviceType: 'Vahti device type',
  notLinked: 'Not linked',
  linkLabel: 'Vahti device type for the device profile {{name}}',
  unlinked: 'Device profile link removed',
  alarms: {
    title: 'Alarms of Vahti device types',
    intro:
      'Offline: an "Offline" alarm when an active device has sent no readings for this many minutes. Alarm delay: a limit alarm only once the value has stayed beyond the limit this long.',
    offlineAfter: 'Offline alarm after (min)',
    offlineAfterHint: 'E.g. 3 × the uplink interval. Empty: no offline alarm. 5–43200.',
    delay: 'Alarm delay (min)',
    delayHint: 'Empty: an alarm at the first value beyond the limit. 1–1440.',
    off: 'Off',
    minutes: '{{value}} min',
    editLabel: 'Edit alarms: {{name}}',
    editTitle: 'Device type alarms: {{name}}',
    editIntro: 'Give the times in whole minutes.',
    search: 'Search device types',
  },
};
