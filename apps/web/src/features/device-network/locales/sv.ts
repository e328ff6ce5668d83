import type { deviceNetworkFi } from './fi';

type Texts = { [K in keyof typeof deviceNetworkFi]: string };

export const deviceNetworkSv: Texts = {
  title: 'Enhetstyper',
  intro: 'Enhetsnätverkets enhetsprofiler, hämtade från enhetsnätverkets tjänst.',
  tableLabel: 'Enhetsnätverkets enhetstyper',
  name: 'Namn',
  region: 'Frekvensområde',
  macVersion: 'LoRaWAN-version',
  regParamsRevision: 'Regionala parametrar',
  otaa: 'OTAA-anslutning',
  classes: 'Enhetsklasser',
  updated: 'Ändrad',
  id: 'Id',
  yes: 'Ja',
  no: 'Nej',
  retry: 'Försök igen',
  partial: 'Visar {{shown}} av {{total}} enhetstyper.',
  deviceType: 'Vahtis mätartyp',
  notLinked: 'Inte kopplad',
  linkLabel: 'Vahtis mätartyp för enhetsprofilen {{name}}',
  unlinked: 'Enhetsprofilens koppling borttagen',
};
