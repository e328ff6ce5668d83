import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from './mailer.js';
import { escapeHtml, passwordResetMail } from './templates.js';

describe('retry back-off', () => {
  it('doubles from 30 s and stops growing at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBe(3_600_000);
  });
});

describe('mail templates', () => {
  it('escapes values in HTML, keeps them as they are in plain text', () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;',
    );
    const link = 'https://vahti.example.fi/#/login?code=abc&isPasswordChange=true';
    const mail = passwordResetMail('fi', { firstName: '<Eemeli>', link });
    expect(mail.subject).toBe('Vahti: salasanan vaihtaminen');
    expect(mail.text).toContain('Hei <Eemeli>,');
    expect(mail.text).toContain(`\n\n${link}\n\n`);
    expect(mail.html).toContain('Hei &lt;Eemeli&gt;,');
    expect(mail.html).toContain(
      'href="https://vahti.example.fi/#/login?code=abc&amp;isPasswordChange=true"',
    );
  });

  it('writes in Finnish, English or Swedish', () => {
    const link = 'https://x.fi/#/login?code=a&isPasswordChange=true';
    expect(passwordResetMail('en', { firstName: 'A', link }).subject).toBe(
      'Vahti: changing your password',
    );
    expect(passwordResetMail('sv', { firstName: 'A', link }).text).toMatch(/^Hej A,/);
  });
});
