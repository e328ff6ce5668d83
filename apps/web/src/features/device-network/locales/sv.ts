import type { deviceNetworkFi } from './fi';

type Texts = { [K in keyof typeof deviceNetworkFi]: Widen<(typeof deviceNetworkFi)[K]> };
type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> };

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
  alarms: {
    title: 'Larm för Vahtis mätartyper',
    intro:
      'Avbrott: larmet "Ingen förbindelse" när en aktiv mätare inte har skickat mätningar på så många minuter. Larmfördröjning: gränslarm först när värdet har legat utanför gränsen så länge.',
    offlineAfter: 'Larm vid avbrott efter (min)',
    offlineAfterHint: 'T.ex. 3 × mätarens sändintervall. Tom: inget avbrottslarm. 5–43200.',
    delay: 'Larmfördröjning (min)',
    delayHint: 'Tom: larm vid första värdet utanför gränsen. 1–1440.',
    off: 'Av',
    minutes: '{{value}} min',
    editLabel: 'Redigera larm: {{name}}',
    editTitle: 'Mätartypens larm: {{name}}',
    editIntro: 'Ange tiderna i hela minuter.',
    search: 'Sök mätartyp',
  },
};
