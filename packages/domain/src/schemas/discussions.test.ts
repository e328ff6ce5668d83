import { describe, expect, it } from 'vitest';
import { can } from '../policy.js';
import { createCommentBody, modifyCommentBody } from './discussions.js';

const id = '00000000-0000-4000-8000-000000000001';
const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('comment text', () => {
  it('needs 3 characters besides spaces, and at most 5000, kept as written', () => {
    const parse = (discussionComment: unknown) =>
      createCommentBody.safeParse({ discussionId: id, discussionComment });
    expect(issues(parse('ab'))).toEqual(['validation.discussions.commentTooShort']);
    expect(issues(parse('  ab \n'))).toEqual(['validation.discussions.commentTooShort']);
    expect(issues(parse(undefined))).toEqual(['validation.discussions.commentTooShort']);
    expect(issues(parse('x'.repeat(5001)))).toEqual(['validation.discussions.commentTooLong']);
    const kept = parse('  <b>hei</b>\n\tok  ');
    expect(kept.success && kept.data.discussionComment).toBe('  <b>hei</b>\n\tok  ');
    expect(parse('x'.repeat(5000)).success).toBe(true);
  });

  it('refuses control characters but keeps line breaks', () => {
    expect(modifyCommentBody.safeParse({ id, comment: 'a\u0000bc' }).success).toBe(false);
    expect(modifyCommentBody.safeParse({ id, comment: 'a\r\nbc' }).success).toBe(true);
  });
});

describe('manageDiscussions', () => {
  const actor = (userRoles: 'Käyttäjä' | 'Pääkäyttäjä', userPermissions: number[]) => ({
    userRoles,
    userPermissions,
    organizationId: 'o',
  });
  it('is for roles above Käyttäjä with Tieto', () => {
    expect(can(actor('Pääkäyttäjä', [1]), { do: 'manageDiscussions' })).toBe(true);
    expect(can(actor('Pääkäyttäjä', [2, 4]), { do: 'manageDiscussions' })).toBe(false);
    expect(can(actor('Käyttäjä', [1]), { do: 'manageDiscussions' })).toBe(false);
  });
});
