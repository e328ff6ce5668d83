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

interface Paragraphs {
  subject: string;
  greeting: string;
  body: string[];
  linkLabel: string;
  after: string[];
  signature: string;
}

/** Plain text and a simple HTML version of the same paragraphs, with one link. */
function render(p: Paragraphs, link: string): MailContent {
  const text = [p.greeting, ...p.body, link, ...p.after, p.signature].join('\n\n');
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
