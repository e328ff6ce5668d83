import type { Language, NotifyKind } from '@vahti/domain';
import { escapeHtml } from '../mail/templates.js';
import type { Unsubscribe } from './unsubscribe-tokens.js';

interface PageTexts {
  title: string;
  what: (what: Unsubscribe) => string;
  confirm: string;
  button: string;
  done: string;
  /** Done, for a scheduled report: the user left its recipients. */
  doneReport: string;
  invalid: string;
  settings: string;
}

const KINDS: Record<Language, Record<NotifyKind, string>> = {
  fi: {
    up: 'ylärajan ylitykset',
    down: 'alarajan alitukset',
    offline: 'yhteyskatkot',
    lowBattery: 'vähissä olevat paristot',
  },
  en: {
    up: 'upper limit alarms',
    down: 'lower limit alarms',
    offline: 'offline devices',
    lowBattery: 'low batteries',
  },
  sv: {
    up: 'överskridna övre gränser',
    down: 'underskridna nedre gränser',
    offline: 'avbrott i förbindelsen',
    lowBattery: 'svaga batterier',
  },
};

const TEXTS: Record<Language, PageTexts> = {
  fi: {
    title: 'Vahti: ilmoitusten lopettaminen',
    what: (w) =>
      'kind' in w
        ? `Sähköposti-ilmoitukset hälytyksistä: ${KINDS.fi[w.kind]}`
        : 'report' in w
          ? 'Tämän ajastetun raportin sähköpostit'
          : 'email' in w
            ? 'Kaikki sähköposti-ilmoitukset hälytyksistä'
            : 'Sähköpostit kuittaamattomien hälytysten porrastuksesta',
    confirm: 'Haluatko lopettaa nämä viestit?',
    button: 'Lopeta viestit',
    done: 'Valmis: et saa enää näitä viestejä. Voit ottaa ne takaisin käyttöön ilmoitusasetuksistasi.',
    doneReport: 'Valmis: sinut on poistettu tämän raportin vastaanottajista.',
    invalid:
      'Linkki ei kelpaa tai se on vanhentunut. Voit muuttaa ilmoituksia ilmoitusasetuksistasi.',
    settings: 'Ilmoitusasetukset',
  },
  en: {
    title: 'Vahti: stop notifications',
    what: (w) =>
      'kind' in w
        ? `E-mail notifications of alarms: ${KINDS.en[w.kind]}`
        : 'report' in w
          ? 'The mails of this scheduled report'
          : 'email' in w
            ? 'Every e-mail notification of alarms'
            : 'E-mail of the escalation of unacknowledged alarms',
    confirm: 'Do you want to stop these messages?',
    button: 'Stop the messages',
    done: 'Done: you will no longer get these messages. You can turn them back on in your notification settings.',
    doneReport: 'Done: you were taken off the recipients of this report.',
    invalid:
      'The link is not valid or has expired. You can change your notifications in your notification settings.',
    settings: 'Notification settings',
  },
  sv: {
    title: 'Vahti: sluta med aviseringar',
    what: (w) =>
      'kind' in w
        ? `E-postaviseringar om larm: ${KINDS.sv[w.kind]}`
        : 'report' in w
          ? 'E-postmeddelandena med denna schemalagda rapport'
          : 'email' in w
            ? 'Alla e-postaviseringar om larm'
            : 'E-post om eskalering av okvitterade larm',
    confirm: 'Vill du sluta få dessa meddelanden?',
    button: 'Sluta skicka',
    done: 'Klart: du får inte längre dessa meddelanden. Du kan slå på dem igen i dina aviseringsinställningar.',
    doneReport: 'Klart: du har tagits bort från mottagarna av denna rapport.',
    invalid:
      'Länken är ogiltig eller har gått ut. Du kan ändra aviseringarna i dina aviseringsinställningar.',
    settings: 'Aviseringsinställningar',
  },
};

/**
 * The small page of an unsubscribe link: a confirmation with a button (the POST turns it off;
 * a GET alone never does, as mail scanners fetch links), the result, or a refusal.
 */
export function unsubscribePage(
  language: Language,
  state: 'confirm' | 'done' | 'invalid',
  what?: Unsubscribe,
): string {
  const t = TEXTS[language];
  const body =
    state === 'invalid'
      ? `<p>${escapeHtml(t.invalid)}</p>`
      : state === 'done'
        ? `<p>${escapeHtml(what && 'report' in what ? t.doneReport : t.done)}</p>`
        : [
            `<p>${escapeHtml(what ? t.what(what) : '')}</p>`,
            `<form method="post"><p>${escapeHtml(t.confirm)}</p>`,
            `<button type="submit" style="font-size: 1rem; padding: 0.6rem 1.2rem">${escapeHtml(t.button)}</button></form>`,
          ].join('\n');
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(t.title)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">',
    `<main><h1 style="font-size: 1.4rem">${escapeHtml(t.title)}</h1>`,
    body,
    `<p><a href="/#/vainu/notifications">${escapeHtml(t.settings)}</a></p></main>`,
    '</body></html>',
  ].join('\n');
}
