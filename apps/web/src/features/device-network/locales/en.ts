import type { deviceNetworkFi } from './fi';

type Texts = { [K in keyof typeof deviceNetworkFi]: string };

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
};
