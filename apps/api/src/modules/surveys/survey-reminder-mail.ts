import type { Language } from '@vahti/domain';
import { escapeHtml, type MailContent } from '../mail/templates.js';

interface Reminder {
  firstName: string;
  title: string;
  /** The last day answers are taken, DD.MM.YYYY; null: no closing day. */
  closesOn: string | null;
  link: string;
}

const TEXTS: Record<Language, (m: Reminder) => { subject: string; lines: string[] }> = {
  fi: (m) => ({
    subject: `Vahti: muistutus kyselystä ${m.title}`,
    lines: [
      `Hei ${m.firstName},`,
      `et ole vielä vastannut kyselyyn "${m.title}".`,
      ...(m.closesOn ? [`Kysely on avoinna ${m.closesOn} asti.`] : []),
      `Vastaa kyselyyn: ${m.link}`,
    ],
  }),
  en: (m) => ({
    subject: `Vahti: a reminder of the survey ${m.title}`,
    lines: [
      `Hello ${m.firstName},`,
      `you have not answered the survey "${m.title}" yet.`,
      ...(m.closesOn ? [`The survey is open until ${m.closesOn}.`] : []),
      `Answer the survey: ${m.link}`,
    ],
  }),
  sv: (m) => ({
    subject: `Vahti: påminnelse om enkäten ${m.title}`,
    lines: [
      `Hej ${m.firstName},`,
      `du har inte svarat på enkäten "${m.title}" ännu.`,
      ...(m.closesOn ? [`Enkäten är öppen till ${m.closesOn}.`] : []),
      `Svara på enkäten: ${m.link}`,
    ],
  }),
};

/** The reminder to an audience member who has not answered a survey, in their language. */
export function surveyReminderMail(language: Language, mail: Reminder): MailContent {
  const { subject, lines } = TEXTS[language](mail);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject, text: lines.join('\n\n'), html };
}
