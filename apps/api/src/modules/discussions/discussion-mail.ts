import type { Language } from '@vahti/domain';
import { escapeHtml, type MailContent } from '../mail/templates.js';

const TEXTS: Record<
  Language,
  (m: { firstName: string; title: string }) => { subject: string; lines: string[]; link: string }
> = {
  fi: ({ firstName, title }) => ({
    subject: `Vahti: uusia kommentteja keskustelussa ${title}`,
    lines: [
      `Hei ${firstName},`,
      `seuraamaasi keskusteluun "${title}" on tullut uusia kommentteja.`,
      'Saat tällaisen viestin enintään kerran tunnissa keskustelua kohden. Voit lopettaa seuraamisen keskustelun sivulla.',
    ],
    link: 'Avaa keskustelu',
  }),
  en: ({ firstName, title }) => ({
    subject: `Vahti: new comments in ${title}`,
    lines: [
      `Hello ${firstName},`,
      `there are new comments in the discussion "${title}" you follow.`,
      'You get such a message at most once an hour per discussion. You can stop following on the discussion page.',
    ],
    link: 'Open the discussion',
  }),
  sv: ({ firstName, title }) => ({
    subject: `Vahti: nya kommentarer i ${title}`,
    lines: [
      `Hej ${firstName},`,
      `det finns nya kommentarer i diskussionen "${title}" som du följer.`,
      'Du får ett sådant meddelande högst en gång i timmen per diskussion. Du kan sluta följa på diskussionens sida.',
    ],
    link: 'Öppna diskussionen',
  }),
};

/**
 * The mail to a follower about new comments: the discussion's title and a link, never the
 * comments themselves (the link leads to them behind the sign-in).
 */
export function newCommentsMail(
  language: Language,
  m: { firstName: string; title: string; link: string },
): MailContent {
  return linkMail(TEXTS[language](m), m.link);
}

/** Lines of text and a link to the discussion, as plain text and HTML. */
function linkMail(
  texts: { subject: string; lines: string[]; link: string },
  link: string,
): MailContent {
  const m = { link };
  const text = [...texts.lines, m.link, 'Vahti'].join('\n\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a">',
    ...texts.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(m.link)}">${escapeHtml(texts.link)}</a></p>`,
    '<p>Vahti</p>',
    '</body></html>',
  ].join('\n');
  return { subject: texts.subject, text, html };
}

interface Mention {
  firstName: string;
  writer: string;
  title: string;
}

const MENTION_TEXTS: Record<
  Language,
  (m: Mention) => { subject: string; lines: string[]; link: string }
> = {
  fi: ({ firstName, writer, title }) => ({
    subject: `Vahti: ${writer} mainitsi sinut keskustelussa ${title}`,
    lines: [`Hei ${firstName},`, `${writer} mainitsi sinut keskustelussa "${title}".`],
    link: 'Avaa keskustelu',
  }),
  en: ({ firstName, writer, title }) => ({
    subject: `Vahti: ${writer} mentioned you in ${title}`,
    lines: [`Hello ${firstName},`, `${writer} mentioned you in the discussion "${title}".`],
    link: 'Open the discussion',
  }),
  sv: ({ firstName, writer, title }) => ({
    subject: `Vahti: ${writer} nämnde dig i ${title}`,
    lines: [`Hej ${firstName},`, `${writer} nämnde dig i diskussionen "${title}".`],
    link: 'Öppna diskussionen',
  }),
};

/**
 * The mail to a user mentioned in a comment: who and where, and a link; never the comment itself
 * (the link leads to it behind the sign-in).
 */
export function mentionMail(language: Language, m: Mention & { link: string }): MailContent {
  return linkMail(MENTION_TEXTS[language](m), m.link);
}
