/** Texts of the QR scanner (/vainu/qr-code); the errors are spec 001 §8's, quirks included. */
export const qrCodeFi = {
  title: 'QR-koodi',
  intro: 'Lue mittarin QR-koodi kameralla ja valitse, mitä koodilla tehdään.',
  videoLabel: 'Kameran kuva',
  starting: 'Kamera käynnistyy…',
  scanning: 'Osoita kamera mittarin QR-koodiin.',
  decoded: 'Luettu koodi',
  noCode: 'Koodia ei ole vielä luettu.',
  addDevice: 'Lisää mittari',
  showDevice: 'Näytä mittarin tiedot',
  notFound: 'Koodilla {{code}} ei löytynyt mittaria.',
  retry: 'Yritä uudelleen',
  errors: {
    permission: 'ERROR: you need to grant camera access permisson',
    noCamera: 'ERROR: no camera on this device',
    insecureContext: 'ERROR: secure context required (HTTPS, localhost)',
    inUse: 'ERROR: is the camera already in use?',
    unsuitable: 'ERROR: installed cameras are not suitable',
    streamApiUnsupported: 'ERROR: Stream API is not supported in this browser',
    detectorUnavailable: 'ERROR: QR-koodin lukijaa ei voitu ladata',
    unknown: 'ERROR: Camera error ({{name}})',
  },
} as const;
