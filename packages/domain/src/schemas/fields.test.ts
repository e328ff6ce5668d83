import { describe, expect, it } from 'vitest';
import { PG_INT_MAX } from '../constants.js';
import { translate } from '../i18n/messages.js';
import { loginBody } from './auth.js';
import {
  calendarDay,
  instant,
  isInstant,
  longText,
  optionalText,
  pageQuery,
  password,
  requiredText,
  text,
} from './fields.js';
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

describe('times are RFC 3339 and real calendar dates (issue 26)', () => {
  it.each([
    '2026-11-27T10:15:00Z',
    '2026-11-27T12:15:00+02:00',
    '2024-02-29T00:00:00Z',
    '2023-05-29T08:41:57.140935+00:00',
    '2020-02-12T15:15:49.123456789Z',
  ])('instant() takes %s', (value) => {
    expect(instant().safeParse(value).success).toBe(true);
    expect(isInstant(value)).toBe(true);
  });

  it.each([
    '0',
    '',
    '2026-02-30',
    '2026-02-30T10:00:00Z',
    '2025-02-29T10:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:00Z',
    '2026-01-01T10:00:00',
    '2026-01-01 10:00:00Z',
    '1764238500000',
  ])('instant() refuses %s, which new Date() would read', (value) => {
    const result = instant().safeParse(value);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe('validation.invalidValue');
    expect(isInstant(value)).toBe(false);
  });

  it('isInstant() refuses what is not a string', () => {
    expect(isInstant(0)).toBe(false);
    expect(isInstant(new Date())).toBe(false);
    expect(isInstant(undefined)).toBe(false);
  });

  it('calendarDay() takes days that exist only', () => {
    expect(calendarDay().safeParse('2024-02-29').success).toBe(true);
    for (const value of ['2026-02-30', '2025-02-29', '2026-13-01', '0', '2026-1-01']) {
      expect(calendarDay().safeParse(value).success, value).toBe(false);
    }
  });
});
