import type { AlarmBreakThrough, Language } from '@vahti/domain';
import { escapeHtml, type MailContent } from '../mail/templates.js';

interface OpenedAlarm {
  firstName: string;
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
  link: string;
}

const TEXTS: Record<Language, (m: OpenedAlarm) => { subject: string; lines: string[] }> = {
  fi: (m) => ({
    subject: `Vahti: hälytys kohteessa ${m.targetName}`,
    lines: [
      `Hei ${m.firstName},`,
      m.direction === 'offline'
        ? `mittarilta ${m.deviceName} ei ole tullut mittauksia ${m.limit} minuuttiin: ei yhteyttä (${m.time}).`
        : m.direction === 'lowBattery'
          ? `mittarin ${m.deviceName} paristo on vähissä: ${m.value} %, raja ${m.limit} % (${m.time}).`
          : m.direction === 'frameCounterReset'
            ? `mittarin ${m.deviceName} kehyslaskuri nollautui (${m.limit} → ${m.value}): laite on käynnistynyt uudelleen tai liittynyt verkkoon uudelleen (${m.time}).`
            : `mittarin ${m.deviceName} mittaus ${m.measurementName} ${m.direction === 'up' ? 'ylitti ylärajan' : 'alitti alarajan'}: arvo ${m.value}, raja ${m.limit} (${m.time}).`,
      `Hälytykset: ${m.link}`,
      'Voit lopettaa hälytysviestit omista tiedoistasi.',
    ],
  }),
  en: (m) => ({
    subject: `Vahti: alarm at ${m.targetName}`,
    lines: [
      `Hello ${m.firstName},`,
      m.direction === 'offline'
        ? `device ${m.deviceName} has sent no readings for ${m.limit} minutes: offline (${m.time}).`
        : m.direction === 'lowBattery'
          ? `device ${m.deviceName} has a low battery: ${m.value} %, limit ${m.limit} % (${m.time}).`
          : m.direction === 'frameCounterReset'
            ? `device ${m.deviceName} reset its frame counter (${m.limit} → ${m.value}): it restarted or rejoined the network (${m.time}).`
            : `device ${m.deviceName}, measurement ${m.measurementName} went ${m.direction === 'up' ? 'above its upper limit' : 'below its lower limit'}: value ${m.value}, limit ${m.limit} (${m.time}).`,
      `Alarms: ${m.link}`,
      'You can turn alarm mail off in your own details.',
    ],
  }),
  sv: (m) => ({
    subject: `Vahti: larm i ${m.targetName}`,
    lines: [
      `Hej ${m.firstName},`,
      m.direction === 'offline'
        ? `mätaren ${m.deviceName} har inte skickat mätningar på ${m.limit} minuter: ingen förbindelse (${m.time}).`
        : m.direction === 'lowBattery'
          ? `mätaren ${m.deviceName} har svagt batteri: ${m.value} %, gräns ${m.limit} % (${m.time}).`
          : m.direction === 'frameCounterReset'
            ? `mätarens ${m.deviceName} ramräknare nollställdes (${m.limit} → ${m.value}): enheten startade om eller anslöt till nätet på nytt (${m.time}).`
            : `mätaren ${m.deviceName}, mätningen ${m.measurementName} ${m.direction === 'up' ? 'överskred den övre gränsen' : 'underskred den nedre gränsen'}: värde ${m.value}, gräns ${m.limit} (${m.time}).`,
      `Larm: ${m.link}`,
      'Du kan stänga av larmmeddelanden i dina egna uppgifter.',
    ],
  }),
};

/** The mail to a target's contact users when an alarm opens (their language; Finnish if unknown). */
export function alarmOpenedMail(language: Language, mail: OpenedAlarm): MailContent {
  const { subject, lines } = TEXTS[language](mail);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject, text: lines.join('\n\n'), html };
}
