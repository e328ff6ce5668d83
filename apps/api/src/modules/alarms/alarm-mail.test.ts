import { describe, expect, it } from 'vitest';
import { alarmOpenedMail } from './alarm-mail.js';

const base = {
  firstName: 'Ylermi',
  targetName: 'As Oy Kivikko',
  deviceName: 'Hiukkasmittari 2. krs',
  time: '26.11.2026 00.23 UTC',
  link: 'http://localhost/#/vainu/show-alarms?ac=1',
};

describe('alarm mail', () => {
  it('tells of a limit crossed with the measurement, value and limit', () => {
    const mail = alarmOpenedMail('fi', {
      ...base,
      measurementName: 'CO2',
      direction: 'up',
      value: '1300 ppm',
      limit: '1200 ppm',
    });
    expect(mail.text).toContain('mittaus CO2 ylitti ylärajan: arvo 1300 ppm, raja 1200 ppm');
  });

  it('tells of an offline device by its silence, without a measurement, in each language', () => {
    const offline = {
      ...base,
      measurementName: '',
      direction: 'offline' as const,
      value: '184',
      limit: '45',
    };
    expect(alarmOpenedMail('fi', offline).text).toContain(
      'mittarilta Hiukkasmittari 2. krs ei ole tullut mittauksia 45 minuuttiin: ei yhteyttä (26.11.2026 00.23 UTC).',
    );
    expect(alarmOpenedMail('en', offline).text).toContain('has sent no readings for 45 minutes');
    expect(alarmOpenedMail('sv', offline).text).toContain('inte skickat mätningar på 45 minuter');
    expect(alarmOpenedMail('fi', offline).subject).toBe('Vahti: hälytys kohteessa As Oy Kivikko');
  });
});
