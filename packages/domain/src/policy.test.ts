import { describe, expect, it } from 'vitest';
import { formatClockTime, pickLanguage } from './i18n/index.js';
import { translate } from './i18n/messages.js';
import { formatPermissions, parsePermissions } from './permissions.js';
import { type Actor, allowedSections, can } from './policy.js';
import { resetPasswordBody } from './schemas/account.js';
import { loginBody } from './schemas/auth.js';

const actor = (userRoles: Actor['userRoles'], userPermissions: number[] = [1, 2, 3, 4]): Actor => ({
  userRoles,
  userPermissions,
  organizationId: 'org-a',
});

describe('can()', () => {
  it('opens a section only with its permission', () => {
    const user = actor('Käyttäjä', [1, 2]);
    expect(can(user, { do: 'openSection', section: 'tieto' })).toBe(true);
    expect(can(user, { do: 'openSection', section: 'hallinta' })).toBe(false);
    expect(allowedSections(user)).toEqual(['tieto', 'vainu']);
  });

  it('lets only the top administrator cross organizations', () => {
    expect(can(actor('Pääylläpitäjä'), { do: 'accessOrganization', organizationId: 'org-b' })).toBe(
      true,
    );
    expect(can(actor('Ylläpitäjä'), { do: 'accessOrganization', organizationId: 'org-b' })).toBe(
      false,
    );
    expect(can(actor('Ylläpitäjä'), { do: 'accessOrganization', organizationId: 'org-a' })).toBe(
      true,
    );
    expect(can(actor('Ylläpitäjä'), { do: 'crossOrganizations' })).toBe(false);
  });

  it('reads the device network with Vainu and a role above Käyttäjä', () => {
    expect(can(actor('Käyttäjä'), { do: 'readDeviceNetwork' })).toBe(false);
    expect(can(actor('Pääkäyttäjä', [1, 3, 4]), { do: 'readDeviceNetwork' })).toBe(false);
    for (const role of ['Pääkäyttäjä', 'Ylläpitäjä', 'Pääylläpitäjä'] as const) {
      expect(can(actor(role, [2]), { do: 'readDeviceNetwork' })).toBe(true);
    }
  });

  it('lets Ylläpitäjä and above with Hallinta change the organization’s logo', () => {
    for (const role of ['Käyttäjä', 'Pääkäyttäjä'] as const) {
      expect(can(actor(role), { do: 'manageOrganizationLogo' })).toBe(false);
    }
    for (const role of ['Ylläpitäjä', 'Pääylläpitäjä'] as const) {
      expect(can(actor(role), { do: 'manageOrganizationLogo' })).toBe(true);
      expect(can(actor(role, [1, 2, 3]), { do: 'manageOrganizationLogo' })).toBe(false);
    }
  });

  it('limits a Käyttäjä to the targets linked to them, every role above sees them all', () => {
    expect(can(actor('Käyttäjä'), { do: 'seeEveryTarget' })).toBe(false);
    for (const role of ['Pääkäyttäjä', 'Ylläpitäjä', 'Pääylläpitäjä'] as const) {
      expect(can(actor(role), { do: 'seeEveryTarget' })).toBe(true);
    }
  });

  it('never lets anyone but the top administrator assign a role above their own or the top role', () => {
    expect(can(actor('Pääylläpitäjä'), { do: 'assignRole', role: 'Pääylläpitäjä' })).toBe(true);
    expect(can(actor('Ylläpitäjä'), { do: 'assignRole', role: 'Pääylläpitäjä' })).toBe(false);
    expect(can(actor('Ylläpitäjä'), { do: 'assignRole', role: 'Ylläpitäjä' })).toBe(true);
    expect(can(actor('Pääkäyttäjä'), { do: 'assignRole', role: 'Ylläpitäjä' })).toBe(false);
    expect(can(actor('Pääkäyttäjä'), { do: 'assignRole', role: 'Käyttäjä' })).toBe(true);
  });
});

describe('the outbox', () => {
  it('is readable by the top administrator only', () => {
    expect(can(actor('Pääylläpitäjä'), { do: 'readOutbox' })).toBe(true);
    expect(can(actor('Ylläpitäjä'), { do: 'readOutbox' })).toBe(false);
    expect(can(actor('Käyttäjä'), { do: 'readOutbox' })).toBe(false);
  });
});

describe('permissions on the wire', () => {
  it('parses the comma string, dropping unknown ids and duplicates', () => {
    expect(parsePermissions('4, 1,2,2,9,x')).toEqual([1, 2, 4]);
    expect(parsePermissions('')).toEqual([]);
    expect(formatPermissions([3, 1, 1])).toBe('1,3');
  });
});

describe('languages', () => {
  it('picks Finnish by default and honours Accept-Language weights', () => {
    expect(pickLanguage(undefined)).toBe('fi');
    expect(pickLanguage('de-DE')).toBe('fi');
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en');
    expect(pickLanguage('de;q=1, sv;q=0.8, en;q=0.5')).toBe('sv');
    expect(translate('fi', 'validation.passwordTooShort')).toBe(
      'Salasanan oltava vähintään 8 merkkiä',
    );
    expect(translate('en', 'errors.nope')).toBe('errors.nope');
  });

  it('fills {{placeholders}} and leaves texts without params as they are', () => {
    expect(translate('fi', 'rateLimit.failedSignIns', { time: '17.45' })).toBe(
      'Liian monta epäonnistunutta yritystä. Yritä uudelleen klo 17.45.',
    );
    expect(translate('en', 'rateLimit.attempts', { time: '17:45' })).toBe(
      'Too many attempts. Try again at 17:45 (Finnish time).',
    );
    expect(translate('fi', 'rateLimit.attempts')).toContain('{{time}}');
    expect(translate('fi', 'errors.EMAIL_TAKEN', { time: 'x' })).toBe(
      'Sähköpostiosoite on jo käytössä',
    );
  });

  it('writes clock times in Finnish time, summer and winter', () => {
    expect(formatClockTime('fi', new Date('2026-01-15T15:45:00Z'))).toBe('17.45');
    expect(formatClockTime('fi', new Date('2026-07-15T14:45:00Z'))).toBe('17.45');
    expect(formatClockTime('sv', new Date('2026-07-15T21:05:00Z'))).toBe('00.05');
    expect(formatClockTime('en', new Date('2026-01-15T07:05:00Z'))).toBe('09:05');
  });

  it('the login schema carries i18n keys for its messages', () => {
    const result = loginBody.safeParse({ userEmail: ' ', userPassword: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(['validation.emailRequired', 'validation.passwordRequired']);
  });
});

describe('the reset schema', () => {
  const base = { userPassword: 'Salasana-1', confirmPassword: 'Salasana-1', code: 'x'.repeat(43) };

  it('takes the e-mail of the /change-password page as optional', () => {
    expect(resetPasswordBody.safeParse(base).success).toBe(true);
    expect(resetPasswordBody.safeParse({ ...base, userEmail: 'a@b.fi' }).success).toBe(true);
    const bad = resetPasswordBody.safeParse({ ...base, userEmail: 'ei' });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual(['validation.emailInvalid']);
  });
});

describe('the admin area', () => {
  it('needs the Hallinta permission and a role above Käyttäjä', () => {
    expect(can(actor('Pääkäyttäjä'), { do: 'administer' })).toBe(true);
    expect(can(actor('Ylläpitäjä', [1, 2, 3]), { do: 'administer' })).toBe(false);
    expect(can(actor('Käyttäjä'), { do: 'administer' })).toBe(false);
  });

  it('lets a role manage users of its own rank and below, and only the top role all', () => {
    expect(can(actor('Ylläpitäjä'), { do: 'manageUser', role: 'Ylläpitäjä' })).toBe(true);
    expect(can(actor('Ylläpitäjä'), { do: 'manageUser', role: 'Pääylläpitäjä' })).toBe(false);
    expect(can(actor('Pääkäyttäjä'), { do: 'manageUser', role: 'Ylläpitäjä' })).toBe(false);
    expect(can(actor('Pääylläpitäjä'), { do: 'manageUser', role: 'Pääylläpitäjä' })).toBe(true);
  });

  it('gives Tieto management to the roles above Käyttäjä and the Viestit tab to two of them', () => {
    for (const action of ['manageSurveys', 'manageFeedback'] as const) {
      expect(can(actor('Käyttäjä', [1]), { do: action })).toBe(false);
      expect(can(actor('Pääkäyttäjä', [1]), { do: action })).toBe(true);
      expect(can(actor('Ylläpitäjä', [2, 3, 4]), { do: action })).toBe(false);
    }
    expect(can(actor('Pääylläpitäjä'), { do: 'seeMessagesTab' })).toBe(true);
    expect(can(actor('Pääkäyttäjä'), { do: 'seeMessagesTab' })).toBe(true);
    expect(can(actor('Ylläpitäjä'), { do: 'seeMessagesTab' })).toBe(false);
    expect(can(actor('Pääkäyttäjä', [2]), { do: 'seeMessagesTab' })).toBe(false);
  });

  it('keeps organizations and the audit log to the top administrator', () => {
    for (const action of ['manageOrganizations', 'readAuditLog'] as const) {
      expect(can(actor('Pääylläpitäjä'), { do: action })).toBe(true);
      expect(can(actor('Ylläpitäjä'), { do: action })).toBe(false);
    }
  });
});
