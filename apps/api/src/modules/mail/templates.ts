import type { Language } from '@vahti/domain';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Escapes a value for HTML text and attribute context. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface Paragraphs {
  subject: string;
  greeting: string;
  body: string[];
  linkLabel: string;
  after: string[];
  signature: string;
  /** The link that stops such mail without signing in, last in small print. */
  unsubscribe?: { label: string; url: string };
}

/** Plain text and a simple HTML version of the same paragraphs, with one link. */
export function render(p: Paragraphs, link: string): MailContent {
  const stop = p.unsubscribe;
  const text = [
    p.greeting,
    ...p.body,
    link,
    ...p.after,
    p.signature,
    ...(stop ? [`${stop.label}: ${stop.url}`] : []),
  ].join('\n\n');
  const para = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a">',
    para(p.greeting),
    ...p.body.map(para),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(p.linkLabel)}</a></p>`,
    `<p style="font-size: 0.9em; color: #555">${escapeHtml(link)}</p>`,
    ...p.after.map(para),
    para(p.signature),
    ...(stop
      ? [
          `<p style="font-size: 0.9em; color: #555"><a href="${escapeHtml(stop.url)}">${escapeHtml(stop.label)}</a></p>`,
        ]
      : []),
    '</body></html>',
  ].join('\n');
  return { subject: p.subject, text, html };
}

const RESET: Record<Language, (firstName: string) => Omit<Paragraphs, 'signature'>> = {
  fi: (name) => ({
    subject: 'Vahti: salasanan vaihtaminen',
    greeting: `Hei ${name},`,
    body: [
      'saimme pyynnön vaihtaa Vahti-palvelun salasanasi. Voit valita uuden salasanan alla olevasta linkistä. Linkki on voimassa 60 minuuttia ja toimii yhden kerran.',
    ],
    linkLabel: 'Vaihda salasana',
    after: ['Jos et pyytänyt salasanan vaihtamista, voit jättää tämän viestin huomiotta.'],
  }),
  en: (name) => ({
    subject: 'Vahti: changing your password',
    greeting: `Hello ${name},`,
    body: [
      'we received a request to change your Vahti password. You can choose a new password with the link below. The link is valid for 60 minutes and works once.',
    ],
    linkLabel: 'Change password',
    after: ['If you did not ask to change your password, you can ignore this message.'],
  }),
  sv: (name) => ({
    subject: 'Vahti: byte av lösenord',
    greeting: `Hej ${name},`,
    body: [
      'vi fick en begäran om att byta ditt lösenord i Vahti. Du kan välja ett nytt lösenord via länken nedan. Länken gäller i 60 minuter och fungerar en gång.',
    ],
    linkLabel: 'Byt lösenord',
    after: ['Om du inte bad om att byta lösenord kan du bortse från detta meddelande.'],
  }),
};

export function passwordResetMail(
  language: Language,
  { firstName, link }: { firstName: string; link: string },
): MailContent {
  return render({ ...RESET[language](firstName), signature: 'Vahti' }, link);
}

const SECOND_FACTOR_RESET: Record<Language, (firstName: string) => Omit<Paragraphs, 'signature'>> =
  {
    fi: (name) => ({
      subject: 'Vahti: toinen tunnistautumistapasi on nollattu',
      greeting: `Hei ${name},`,
      body: [
        'organisaatiosi ylläpitäjä on poistanut Vahti-tunnuksesi toiset tunnistautumistavat (todennussovellus, pääsyavaimet, varakoodit ja luotetut selaimet) ja kirjannut sinut ulos kaikkialta. Kirjaudu salasanallasi ja ota toinen tunnistautumistapa uudelleen käyttöön omista tiedoistasi.',
      ],
      linkLabel: 'Kirjaudu Vahtiin',
      after: ['Jos et pyytänyt tätä, ota heti yhteyttä organisaatiosi ylläpitäjään.'],
    }),
    en: (name) => ({
      subject: 'Vahti: your second factor has been reset',
      greeting: `Hello ${name},`,
      body: [
        "an administrator of your organization has removed your Vahti account's second factors (authenticator app, passkeys, recovery codes and trusted browsers) and signed you out everywhere. Sign in with your password and set up a second factor again in your own details.",
      ],
      linkLabel: 'Sign in to Vahti',
      after: ["If you did not ask for this, contact your organization's administrator at once."],
    }),
    sv: (name) => ({
      subject: 'Vahti: din andra faktor har nollställts',
      greeting: `Hej ${name},`,
      body: [
        'en administratör i din organisation har tagit bort de andra faktorerna för ditt Vahti-konto (autentiseringsapp, nycklar, reservkoder och betrodda webbläsare) och loggat ut dig överallt. Logga in med ditt lösenord och ta en andra faktor i bruk igen i dina egna uppgifter.',
      ],
      linkLabel: 'Logga in i Vahti',
      after: ['Om du inte bad om detta, kontakta genast din organisations administratör.'],
    }),
  };

/** The lost-device path's notice: the user learns that their second factors were removed. */
export function secondFactorResetMail(
  language: Language,
  { firstName, link }: { firstName: string; link: string },
): MailContent {
  return render({ ...SECOND_FACTOR_RESET[language](firstName), signature: 'Vahti' }, link);
}

interface RegistrationCodeMail {
  organizationName: string;
  code: string;
  /** The registration page with the code filled in. */
  link: string;
  /** The login page, where 'Rekisteröidy' leads to the same form. */
  loginUrl: string;
  /** The last moment of validity as DD.MM.YYYY, or null when the code does not expire. */
  validUntil: string | null;
}

const REGISTRATION_CODE: Record<
  Language,
  (m: RegistrationCodeMail) => Omit<Paragraphs, 'signature'>
> = {
  fi: (m) => ({
    subject: `Vahti: rekisteröintikoodi (${m.organizationName})`,
    greeting: 'Hei,',
    body: [
      `sinut on kutsuttu Vahti-palveluun organisaation ${m.organizationName} käyttäjäksi. Voit rekisteröityä alla olevasta linkistä, jossa rekisteröintikoodi on valmiina.`,
    ],
    linkLabel: 'Rekisteröidy Vahtiin',
    after: [
      `Voit myös avata kirjautumissivun ${m.loginUrl}, valita 'Rekisteröidy' ja antaa sähköpostiosoitteesi, alla olevan rekisteröintikoodin, vähintään 8 merkin salasanan sekä etu- ja sukunimesi.`,
      `Rekisteröintikoodi: ${m.code}`,
      m.validUntil ? `Koodi on voimassa ${m.validUntil} asti.` : 'Koodi on voimassa toistaiseksi.',
      'Jos et odottanut tätä viestiä, voit jättää sen huomiotta.',
    ],
  }),
  en: (m) => ({
    subject: `Vahti: registration code (${m.organizationName})`,
    greeting: 'Hello,',
    body: [
      `you have been invited to Vahti as a user of ${m.organizationName}. You can register with the link below, which has the registration code filled in.`,
    ],
    linkLabel: 'Register to Vahti',
    after: [
      `You can also open the login page ${m.loginUrl}, choose 'Rekisteröidy' (Register) and enter your e-mail address, the registration code below, a password of at least 8 characters and your first and last name.`,
      `Registration code: ${m.code}`,
      m.validUntil
        ? `The code is valid until ${m.validUntil}.`
        : 'The code is valid until further notice.',
      'If you did not expect this message, you can ignore it.',
    ],
  }),
  sv: (m) => ({
    subject: `Vahti: registreringskod (${m.organizationName})`,
    greeting: 'Hej,',
    body: [
      `du har bjudits in till Vahti som användare i organisationen ${m.organizationName}. Du kan registrera dig via länken nedan, där registreringskoden redan är ifylld.`,
    ],
    linkLabel: 'Registrera dig i Vahti',
    after: [
      `Du kan också öppna inloggningssidan ${m.loginUrl}, välja 'Rekisteröidy' (Registrera dig) och ange din e-postadress, registreringskoden nedan, ett lösenord på minst 8 tecken samt ditt för- och efternamn.`,
      `Registreringskod: ${m.code}`,
      m.validUntil ? `Koden gäller till och med ${m.validUntil}.` : 'Koden gäller tills vidare.',
      'Om du inte väntade dig detta meddelande kan du bortse från det.',
    ],
  }),
};

/** How to register with a code an administrator sends (POST /api/registration-codes/{id}/send). */
export function registrationCodeMail(language: Language, mail: RegistrationCodeMail): MailContent {
  return render({ ...REGISTRATION_CODE[language](mail), signature: 'Vahti' }, mail.link);
}
