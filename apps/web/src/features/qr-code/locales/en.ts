import type { qrCodeFi } from './fi';

type Texts = Omit<{ [K in keyof typeof qrCodeFi]: string }, 'errors'> & {
  errors: { [K in keyof typeof qrCodeFi.errors]: string };
};

export const qrCodeEn: Texts = {
  title: 'QR code',
  intro: "Read a meter's QR code with the camera and choose what to do with it.",
  videoLabel: 'Camera picture',
  starting: 'Starting the camera…',
  scanning: "Point the camera at the meter's QR code.",
  decoded: 'Code read',
  noCode: 'No code read yet.',
  addDevice: 'Add meter',
  showDevice: 'Show meter details',
  notFound: 'No device has the code {{code}}.',
  retry: 'Try again',
  errors: {
    permission: 'ERROR: you need to grant camera access permisson',
    noCamera: 'ERROR: no camera on this device',
    insecureContext: 'ERROR: secure context required (HTTPS, localhost)',
    inUse: 'ERROR: is the camera already in use?',
    unsuitable: 'ERROR: installed cameras are not suitable',
    streamApiUnsupported: 'ERROR: Stream API is not supported in this browser',
    detectorUnavailable: 'ERROR: the QR code reader could not be loaded',
    unknown: 'ERROR: Camera error ({{name}})',
  },
};
