import { describe, expect, it } from 'vitest';
import { type AlarmFacts, alarmMail, digestMail, escalationMail } from './notification-mail.js';

const facts: AlarmFacts = {
  targetName: 'As Oy Kivikko',
  deviceName: 'Hiukkasmittari 2. krs',
  measurementName: 'CO2',
  direction: 'up',
  value: '1300 ppm',
  limit: '1200 ppm',
  time: '26.11.2026 00.23 UTC',
};
const links = {
  link: 'http://localhost/#/vainu/show-alarms?ac=1&tid=t1',
  settings: 'http://localhost/#/vainu/notifications',
  unsubscribe: 'http://localhost/api/unsubscribe?token=a.b',
};

describe('notification mail', () => {
  it('tells of a limit crossed with the measurement, value and limit, and how to stop it', () => {
    const mail = alarmMail('fi', { firstName: 'Ylermi', event: 'opened', alarm: facts, ...links });
    expect(mail.subject).toBe('Vahti: hälytys kohteessa As Oy Kivikko');
    expect(mail.text).toContain('mittaus CO2 ylitti ylärajan: arvo 1300 ppm, raja 1200 ppm');
    expect(mail.text).toContain(`Lopeta tällaiset viestit: ${links.unsubscribe}`);
    expect(mail.html).toContain('<html lang="fi">');
    expect(mail.html).toContain('href="http://localhost/#/vainu/show-alarms?ac=1&amp;tid=t1"');
  });

  it('tells of an offline device by its silence, without a measurement, in each language', () => {
    const offline = {
      ...facts,
      measurementName: '',
      direction: 'offline' as const,
      value: '184',
      limit: '45',
    };
    const mail = (language: 'fi' | 'en' | 'sv') =>
      alarmMail(language, { firstName: 'Y', event: 'opened', alarm: offline, ...links });
    expect(mail('fi').text).toContain(
      'mittarilta Hiukkasmittari 2. krs ei ole tullut mittauksia 45 minuuttiin: ei yhteyttä (26.11.2026 00.23 UTC).',
    );
    expect(mail('en').text).toContain('has sent no readings for 45 minutes');
    expect(mail('sv').text).toContain('inte skickat mätningar på 45 minuter');
  });

  it('lists a digest and escapes names in HTML', () => {
    const named = { ...facts, targetName: '<Kivikko>' };
    const mail = digestMail('en', {
      firstName: 'A',
      items: [
        { event: 'opened', alarm: named },
        { event: 'closed', alarm: named },
      ],
      ...links,
    });
    expect(mail.subject).toBe('Vahti: 2 alarm notifications');
    expect(mail.text).toContain('- <Kivikko>: device Hiukkasmittari');
    expect(mail.text).toContain('- an alarm has ended: <Kivikko>');
    expect(mail.html).toContain('&lt;Kivikko&gt;');
    expect(mail.html).not.toContain('<Kivikko>');
    const up = escalationMail('sv', { firstName: 'B', minutes: 30, alarm: facts, ...links });
    expect(up.subject).toBe('Vahti: okvitterat larm i As Oy Kivikko');
    expect(up.text).toContain('inte kvitterats på 30 minuter');
  });
});
