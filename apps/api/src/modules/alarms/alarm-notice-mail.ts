import type { Language } from '@vahti/domain';
import { type MailContent, type Paragraphs, render } from '../mail/templates.js';

interface Invitation {
  firstName: string;
  /** The notice's title and text as staff wrote them. */
  title: string;
  text: string;
  /** The last day answers are taken, DD.MM.YYYY. */
  closesOn: string;
}

type Texts = (m: Invitation) => Omit<Paragraphs, 'subject' | 'body' | 'signature'> & {
  ask: string;
};

const TEXTS: Record<Language, Texts> = {
  fi: (m) => ({
    greeting: `Hei ${m.firstName},`,
    ask: `Miltä sisäilma tuntuu nyt? Vastaa yhteen kysymykseen ${m.closesOn} mennessä.`,
    linkLabel: 'Vastaa kyselyyn',
    after: [],
  }),
  en: (m) => ({
    greeting: `Hello ${m.firstName},`,
    ask: `How does the indoor air feel now? Answer one question by ${m.closesOn}.`,
    linkLabel: 'Answer the survey',
    after: [],
  }),
  sv: (m) => ({
    greeting: `Hej ${m.firstName},`,
    ask: `Hur känns inomhusluften nu? Svara på en fråga senast ${m.closesOn}.`,
    linkLabel: 'Svara på enkäten',
    after: [],
  }),
};

/**
 * The follow-up survey of an alarm notice to a resident of the target, in their language: the
 * notice's paragraphs as staff wrote them, then the question and the link to answer.
 */
export function alarmNoticeMail(language: Language, mail: Invitation, link: string): MailContent {
  const { ask, ...texts } = TEXTS[language](mail);
  const notice = mail.text.split(/\n+/).filter((line) => line.trim() !== '');
  return render(
    { ...texts, subject: `Vahti: ${mail.title}`, body: [...notice, ask], signature: 'Vahti' },
    link,
  );
}
