import { describe, expect, it } from 'vitest';
import { PG_INT_MAX } from '../constants.js';
import { translate } from '../i18n/messages.js';
import { loginBody } from './auth.js';
import { longText, optionalText, pageQuery, password, requiredText, text } from './fields.js';
import { createOrganizationBody } from './organizations.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('text fields refuse control characters (PostgreSQL text cannot hold NUL)', () => {
  it.each([
    ['text', text()],
    ['requiredText', requiredText('required')],
    ['optionalText', optionalText()],
    ['longText', longText()],
    ['password', password],
  ])('%s refuses NUL, escape and DEL with the control-character message', (_name, schema) => {
    for (const bad of ['Salasana\u0000-1', 'Salasana\u001b-1', 'Salasana\u007f-1']) {
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe('validation.controlCharacters');
    }
  });

  it('keeps tabs and line breaks in multi-line texts only', () => {
    expect(longText().safeParse('Rivi 1\r\nRivi 2\tsarake').success).toBe(true);
    expect(optionalText().safeParse('Rivi 1\nRivi 2').success).toBe(false);
  });

  it('names the field and says why, in every language', () => {
    const result = loginBody.safeParse({ userEmail: 'a\u0000@demo.vahti.fi', userPassword: 'x' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['userEmail', 'validation.controlCharacters'],
    ]);
    for (const lang of ['fi', 'en', 'sv'] as const)
      expect(translate(lang, 'validation.controlCharacters')).not.toBe(
        'validation.controlCharacters',
      );
  });

  it('accepts ordinary Finnish text', () => {
    expect(requiredText('required').safeParse('Äyräpää Öljy-Åke').success).toBe(true);
  });
});

describe('whole numbers fit PostgreSQL integer', () => {
  it('refuses application ids past 2147483647, zero and negatives', () => {
    const applications = createOrganizationBody.shape.organizationApplications;
    expect(applications.safeParse([1, PG_INT_MAX]).success).toBe(true);
    for (const applicationId of [PG_INT_MAX + 1, 0, -1, 1.5, 1e300])
      expect(applications.safeParse([applicationId]).success).toBe(false);
  });

  it('bounds the page of a paged list', () => {
    const { page } = pageQuery();
    expect(page.safeParse('3').success).toBe(true);
    expect(page.safeParse('1e20').success).toBe(false);
  });
});
