import type { qrCodeFi } from './fi';

type Texts = Omit<{ [K in keyof typeof qrCodeFi]: string }, 'errors'> & {
  errors: { [K in keyof typeof qrCodeFi.errors]: string };
};

export const qrCodeSv: Texts = {
  title: 'QR-kod',
  intro: 'Läs mätarens QR-kod med kameran och välj vad som ska göras med den.',
  videoLabel: 'Kamerabild',
  starting: 'Kameran startar…',
  scanning: 'Rikta kameran mot mätarens QR-kod.',
  decoded: 'Avläst kod',
  noCode: 'Ingen kod har lästs ännu.',
  addDevice: 'Lägg till mätare',
  showDevice: 'Visa mätarens uppgifter',
  notFound: 'Ingen mätare hittades med koden {{code}}.',
  retry: 'Försök igen',
  errors: {
    permission: 'FEL: du måste ge åtkomst till kameran',
    noCamera: 'FEL: enheten har ingen kamera',
    insecureContext: 'FEL: säker anslutning krävs (HTTPS, localhost)',
    inUse: 'FEL: används kameran redan?',
    unsuitable: 'FEL: de installerade kamerorna är inte lämpliga',
    streamApiUnsupported: 'FEL: webbläsaren stöder inte Stream API',
    detectorUnavailable: 'FEL: QR-kodläsaren kunde inte laddas',
    unknown: 'FEL: kamerafel ({{name}})',
  },
};
