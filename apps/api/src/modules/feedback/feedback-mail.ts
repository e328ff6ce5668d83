import type { Language } from '@vahti/domain';
import { escapeHtml, type MailContent } from '../mail/templates.js';

interface ClosedFeedback {
  firstName: string;
  title: string;
  targetName: string;
  link: string;
}

const TEXTS: Record<Language, (m: ClosedFeedback) => { subject: string; lines: string[] }> = {
  fi: (m) => ({
    subject: 'Vahti: palautteesi on käsitelty',
    lines: [
      `Hei ${m.firstName},`,
      `palautteesi "${m.title}" kohteesta ${m.targetName} on käsitelty ja suljettu.`,
      'Kiitos palautteestasi!',
      `Vahti: ${m.link}`,
    ],
  }),
  en: (m) => ({
    subject: 'Vahti: your feedback has been handled',
    lines: [
      `Hello ${m.firstName},`,
      `your feedback "${m.title}" about ${m.targetName} has been handled and closed.`,
      'Thank you for your feedback!',
      `Vahti: ${m.link}`,
    ],
  }),
  sv: (m) => ({
    subject: 'Vahti: din respons har behandlats',
    lines: [
      `Hej ${m.firstName},`,
      `din respons "${m.title}" om ${m.targetName} har behandlats och stängts.`,
      'Tack för din respons!',
      `Vahti: ${m.link}`,
    ],
  }),
};

/** The mail to a feedback's sender when it is closed (Finnish unless they chose otherwise). */
export function feedbackClosedMail(language: Language, mail: ClosedFeedback): MailContent {
  const { subject, lines } = TEXTS[language](mail);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject, text: lines.join('\n\n'), html };
}
