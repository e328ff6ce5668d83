import type { Language } from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import { type MailContent, render } from '../mail/templates.js';

export interface ReportMail {
  firstName: string;
  /** The target's name, or every target of the organization. */
  targetName: string | null;
  measurementName: string;
  period: { sd: string; ed: string };
  /** The readings' file did not fit: its size in bytes and the limit. */
  readingsTooBig: { size: number; max: number } | null;
  /** The sensor-data screen, where the report and the readings can be made again. */
  link: string;
  /** Takes the recipient off this schedule without signing in. */
  unsubscribe: string;
}

const finnishDay = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
};
const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** The mail of a scheduled report, in the recipient's language (the files are attachments). */
export function reportMail(language: Language, mail: ReportMail): MailContent {
  const t = (key: string, params?: Record<string, string>) =>
    translate(language, `reportSchedules.mail.${key}`, params);
  const params = {
    name: mail.firstName,
    scope: mail.targetName ?? t('allTargets'),
    measurement: mail.measurementName,
    sd: finnishDay(mail.period.sd),
    ed: finnishDay(mail.period.ed),
  };
  return render(
    {
      subject: t('subject', params),
      greeting: t('greeting', params),
      body: [
        t('body', params),
        ...(mail.readingsTooBig
          ? [
              t('tooBig', {
                size: megabytes(mail.readingsTooBig.size),
                max: megabytes(mail.readingsTooBig.max),
              }),
            ]
          : []),
      ],
      linkLabel: t('linkLabel'),
      after: [t('why')],
      signature: 'Vahti',
      unsubscribe: { label: t('unsubscribe'), url: mail.unsubscribe },
    },
    mail.link,
  );
}
