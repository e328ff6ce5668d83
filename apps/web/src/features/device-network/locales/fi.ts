/** Texts of the device types table (/vainu/show-sensors). */
export const deviceNetworkFi = {
  title: 'Laitetyypit',
  intro: 'Laiteverkon laiteprofiilit. Lista luetaan laiteverkon palvelusta.',
  tableLabel: 'Laiteverkon laitetyypit',
  name: 'Nimi',
  region: 'Taajuusalue',
  macVersion: 'LoRaWAN-versio',
  regParamsRevision: 'Alueparametrit',
  otaa: 'OTAA-liittyminen',
  classes: 'Laiteluokat',
  updated: 'Muutettu',
  id: 'Tunniste',
  yes: 'Kyllä',
  no: 'Ei',
  retry: 'Yritä uudelleen',
  partial: 'Näytetään {{shown}} laitetyyppiä {{total}}:stä.',
} as const;
