import type { AlarmBreakThrough, Language, NotifyEvent } from '@vahti/domain';
import { escapeHtml, type MailContent } from '../mail/templates.js';

/** An alarm as a notification mail tells of it. */
export interface AlarmFacts {
  targetName: string;
  deviceName: string;
  measurementName: string;
  direction: AlarmBreakThrough;
  /**
   * offline: the minutes of silence, and the type's offline limit in minutes; lowBattery: the
   * percent and the threshold; frameCounterReset: the counter after and before.
   */
  value: string;
  limit: string;
  /** DD.MM.YYYY HH.mm UTC */
  time: string;
}

/** Where a mail leads: the screen it is about, and the link that turns this mail off. */
interface Links {
  /** The alarm list filtered to the alarm's target (or the active alarms, for a digest). */
  link: string;
  /** GET shows a confirmation; POST (or the mail client's one-click) turns it off. */
  unsubscribe: string;
  /** My notifications, to change the rest. */
  settings: string;
}

interface Texts {
  greeting: (name: string) => string;
  describe: (m: AlarmFacts) => string;
  opened: (target: string) => string;
  closed: (target: string) => string;
  closedLead: string;
  digestSubject: (count: number) => string;
  digestLead: (count: number) => string;
  escalationSubject: (target: string) => string;
  escalationLead: (minutes: number) => string;
  alarms: string;
  unsubscribe: string;
  settings: string;
}

const TEXTS: Record<Language, Texts> = {
  fi: {
    greeting: (name) => `Hei ${name},`,
    describe: (m) =>
      m.direction === 'offline'
        ? `mittarilta ${m.deviceName} ei ole tullut mittauksia ${m.limit} minuuttiin: ei yhteyttä (${m.time}).`
        : m.direction === 'lowBattery'
          ? `mittarin ${m.deviceName} paristo on vähissä: ${m.value} %, raja ${m.limit} % (${m.time}).`
          : m.direction === 'frameCounterReset'
            ? `mittarin ${m.deviceName} kehyslaskuri nollautui (${m.limit} → ${m.value}): laite on käynnistynyt uudelleen tai liittynyt verkkoon uudelleen (${m.time}).`
            : `mittarin ${m.deviceName} mittaus ${m.measurementName} ${m.direction === 'up' ? 'ylitti ylärajan' : 'alitti alarajan'}: arvo ${m.value}, raja ${m.limit} (${m.time}).`,
    opened: (target) => `Vahti: hälytys kohteessa ${target}`,
    closed: (target) => `Vahti: hälytys päättyi kohteessa ${target}`,
    closedLead: 'hälytys on päättynyt:',
    digestSubject: (n) => `Vahti: ${n} ${n === 1 ? 'hälytysilmoitus' : 'hälytysilmoitusta'}`,
    digestLead: (n) =>
      `koonti ${n === 1 ? 'hälytyksestä' : `${n} hälytyksestä`} ilmoitusasetustesi mukaan:`,
    escalationSubject: (target) => `Vahti: kuittaamaton hälytys kohteessa ${target}`,
    escalationLead: (minutes) =>
      `hälytystä ei ole kuitattu ${minutes} minuutissa, joten se lähetetään nyt myös sinulle:`,
    alarms: 'Hälytykset',
    unsubscribe: 'Lopeta tällaiset viestit',
    settings: 'Ilmoitusasetukset',
  },
  en: {
    greeting: (name) => `Hello ${name},`,
    describe: (m) =>
      m.direction === 'offline'
        ? `device ${m.deviceName} has sent no readings for ${m.limit} minutes: offline (${m.time}).`
        : m.direction === 'lowBattery'
          ? `device ${m.deviceName} has a low battery: ${m.value} %, limit ${m.limit} % (${m.time}).`
          : m.direction === 'frameCounterReset'
            ? `device ${m.deviceName} reset its frame counter (${m.limit} → ${m.value}): it restarted or rejoined the network (${m.time}).`
            : `device ${m.deviceName}, measurement ${m.measurementName} went ${m.direction === 'up' ? 'above its upper limit' : 'below its lower limit'}: value ${m.value}, limit ${m.limit} (${m.time}).`,
    opened: (target) => `Vahti: alarm at ${target}`,
    closed: (target) => `Vahti: alarm ended at ${target}`,
    closedLead: 'an alarm has ended:',
    digestSubject: (n) => `Vahti: ${n} alarm ${n === 1 ? 'notification' : 'notifications'}`,
    digestLead: (n) =>
      `a summary of ${n === 1 ? 'one alarm' : `${n} alarms`} as your notification settings ask:`,
    escalationSubject: (target) => `Vahti: unacknowledged alarm at ${target}`,
    escalationLead: (minutes) =>
      `an alarm has not been acknowledged in ${minutes} minutes, so it now goes to you too:`,
    alarms: 'Alarms',
    unsubscribe: 'Stop these messages',
    settings: 'Notification settings',
  },
  sv: {
    greeting: (name) => `Hej ${name},`,
    describe: (m) =>
      m.direction === 'offline'
        ? `mätaren ${m.deviceName} har inte skickat mätningar på ${m.limit} minuter: ingen förbindelse (${m.time}).`
        : m.direction === 'lowBattery'
          ? `mätaren ${m.deviceName} har svagt batteri: ${m.value} %, gräns ${m.limit} % (${m.time}).`
          : m.direction === 'frameCounterReset'
            ? `mätarens ${m.deviceName} ramräknare nollställdes (${m.limit} → ${m.value}): enheten startade om eller anslöt till nätet på nytt (${m.time}).`
            : `mätaren ${m.deviceName}, mätningen ${m.measurementName} ${m.direction === 'up' ? 'överskred den övre gränsen' : 'underskred den nedre gränsen'}: värde ${m.value}, gräns ${m.limit} (${m.time}).`,
    opened: (target) => `Vahti: larm i ${target}`,
    closed: (target) => `Vahti: larmet upphörde i ${target}`,
    closedLead: 'ett larm har upphört:',
    digestSubject: (n) => `Vahti: ${n} ${n === 1 ? 'larmavisering' : 'larmaviseringar'}`,
    digestLead: (n) =>
      `en sammanfattning av ${n === 1 ? 'ett larm' : `${n} larm`} enligt dina aviseringsinställningar:`,
    escalationSubject: (target) => `Vahti: okvitterat larm i ${target}`,
    escalationLead: (minutes) =>
      `ett larm har inte kvitterats på ${minutes} minuter, därför skickas det nu också till dig:`,
    alarms: 'Larm',
    unsubscribe: 'Sluta skicka sådana meddelanden',
    settings: 'Aviseringsinställningar',
  },
};

/** Paragraphs, then the links, as plain text and as HTML with the same content. */
function render(
  language: Language,
  subject: string,
  paragraphs: string[],
  list: string[],
  links: Links,
): MailContent {
  const t = TEXTS[language];
  const text = [
    ...paragraphs,
    ...(list.length > 0 ? [list.map((item) => `- ${item}`).join('\n')] : []),
    `${t.alarms}: ${links.link}`,
    `${t.settings}: ${links.settings}`,
    `${t.unsubscribe}: ${links.unsubscribe}`,
  ].join('\n\n');
  const a = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(list.length > 0
      ? [`<ul>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`]
      : []),
    `<p>${a(links.link, t.alarms)}</p>`,
    `<p style="font-size: 0.9em; color: #555">${a(links.settings, t.settings)} · ${a(links.unsubscribe, t.unsubscribe)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** One alarm opened or closed, to one user in their language. */
export function alarmMail(
  language: Language,
  m: { firstName: string; event: NotifyEvent; alarm: AlarmFacts } & Links,
): MailContent {
  const t = TEXTS[language];
  const line = t.describe(m.alarm);
  return render(
    language,
    m.event === 'opened' ? t.opened(m.alarm.targetName) : t.closed(m.alarm.targetName),
    m.event === 'opened'
      ? [t.greeting(m.firstName), line]
      : [t.greeting(m.firstName), t.closedLead, line],
    [],
    m,
  );
}

/** What was held for a user (the daily digest, or the end of quiet hours): one mail. */
export function digestMail(
  language: Language,
  m: { firstName: string; items: { event: NotifyEvent; alarm: AlarmFacts }[] } & Links,
): MailContent {
  const t = TEXTS[language];
  return render(
    language,
    t.digestSubject(m.items.length),
    [t.greeting(m.firstName), t.digestLead(m.items.length)],
    m.items.map((item) => {
      const where = `${item.alarm.targetName}: ${t.describe(item.alarm)}`;
      return item.event === 'closed' ? `${t.closedLead} ${where}` : where;
    }),
    m,
  );
}

/** An escalation step: the alarm is still unacknowledged after `minutes`. */
export function escalationMail(
  language: Language,
  m: { firstName: string; minutes: number; alarm: AlarmFacts } & Links,
): MailContent {
  const t = TEXTS[language];
  return render(
    language,
    t.escalationSubject(m.alarm.targetName),
    [t.greeting(m.firstName), t.escalationLead(m.minutes), t.describe(m.alarm)],
    [],
    m,
  );
}

/** The push notification of one alarm event: a headline and the alarm's sentence. */
export function alarmPush(language: Language, event: NotifyEvent, alarm: AlarmFacts) {
  const t = TEXTS[language];
  const line = t.describe(alarm);
  return {
    title: event === 'opened' ? t.opened(alarm.targetName) : t.closed(alarm.targetName),
    body: line.charAt(0).toUpperCase() + line.slice(1),
  };
}

/** The push notification of what was held (quiet hours): how many, and the first ones. */
export function digestPush(language: Language, alarms: AlarmFacts[]) {
  const t = TEXTS[language];
  return {
    title: t.digestSubject(alarms.length),
    body: alarms
      .slice(0, 3)
      .map((a) => `${a.targetName}: ${a.deviceName}`)
      .join('\n'),
  };
}

/** The push notification of an escalation step. */
export function escalationPush(language: Language, minutes: number, alarm: AlarmFacts) {
  const t = TEXTS[language];
  return { title: t.escalationSubject(alarm.targetName), body: t.escalationLead(minutes) };
}
