import type { FeedbackState, Language } from '@vahti/domain';
import { escapeHtml, type MailContent } from '../mail/templates.js';

interface ChangedFeedback {
  firstName: string;
  title: string;
  targetName: string;
  state: FeedbackState;
  /** The staff's reply when it changed with this save; null when only the state did. */
  reply: string | null;
  link: string;
}

const STATE_NAMES: Record<Language, Record<FeedbackState, string>> = {
  fi: { Uusi: 'Uusi', Suljettu: 'Suljettu' },
  en: { Uusi: 'New', Suljettu: 'Closed' },
  sv: { Uusi: 'Ny', Suljettu: 'Stängd' },
};

const TEXTS: Record<Language, (m: ChangedFeedback) => { subject: string; lines: string[] }> = {
  fi: (m) => ({
    subject: m.reply ? 'Vahti: palautteeseesi on vastattu' : 'Vahti: palautteesi tila muuttui',
    lines: [
      `Hei ${m.firstName},`,
      `palautteesi "${m.title}" kohteesta ${m.targetName} on nyt tilassa ${STATE_NAMES.fi[m.state]}.`,
      ...(m.reply ? ['Vastaus:', m.reply] : []),
      `Näet palautteesi ja vastaukset sivulla Omat palautteet: ${m.link}`,
    ],
  }),
  en: (m) => ({
    subject: m.reply ? 'Vahti: your feedback has been answered' : 'Vahti: your feedback changed',
    lines: [
      `Hello ${m.firstName},`,
      `your feedback "${m.title}" about ${m.targetName} is now ${STATE_NAMES.en[m.state]}.`,
      ...(m.reply ? ['Reply:', m.reply] : []),
      `See your feedback and the replies under My feedback: ${m.link}`,
    ],
  }),
  sv: (m) => ({
    subject: m.reply ? 'Vahti: din respons har besvarats' : 'Vahti: din respons har ändrats',
    lines: [
      `Hej ${m.firstName},`,
      `din respons "${m.title}" om ${m.targetName} är nu ${STATE_NAMES.sv[m.state]}.`,
      ...(m.reply ? ['Svar:', m.reply] : []),
      `Du ser din respons och svaren under Mina responser: ${m.link}`,
    ],
  }),
};

/** The mail to a feedback's sender when staff change its state or reply, in their language. */
export function feedbackChangedMail(language: Language, mail: ChangedFeedback): MailContent {
  const { subject, lines } = TEXTS[language](mail);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a">',
    ...lines.map((line) => `<p style="white-space: pre-wrap">${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject, text: lines.join('\n\n'), html };
}
