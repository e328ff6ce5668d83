import { eq } from 'drizzle-orm';
import {
  discussionComments,
  discussionSubComments,
  discussions,
  users,
} from '../../src/db/schema/index.js';
import type { FixtureOrg, Fixtures } from './fixtures.js';
import { unique } from './fixtures.js';

/**
 * Discussion records for tests, written straight to the database: a discussion of the
 * organization's fixture target (linked to its sign-ins, so its Käyttäjä sees it), moderated by
 * its Ylläpitäjä, and comments under it.
 */
export async function createDiscussion(
  fx: Fixtures,
  org: FixtureOrg,
  values: Partial<typeof discussions.$inferInsert> = {},
): Promise<string> {
  const moderator = await fx.user(org.key, 'Ylläpitäjä');
  const [row] = await fx.db
    .insert(discussions)
    .values({
      organizationId: org.id,
      targetId: org.target.id,
      moderatorId: moderator.id,
      discussionTitle: `Testikeskustelu ${unique()}`,
      discussionDescription: 'Keskustelu testejä varten',
      ...values,
    })
    .returning({ id: discussions.discussionId });
  if (!row) throw new Error('fixtures: discussion not stored');
  return row.id;
}

/** A comment of the discussion by the user (the organization's Käyttäjä unless told). */
export async function createComment(
  fx: Fixtures,
  org: FixtureOrg,
  discussionId: string,
  values: Partial<typeof discussionComments.$inferInsert> = {},
): Promise<string> {
  const writer = await fx.user(org.key, 'Käyttäjä');
  const [row] = await fx.db
    .insert(discussionComments)
    .values({
      organizationId: org.id,
      discussionId,
      userId: writer.id,
      discussionComment: `Testikommentti ${unique()}`,
      ...values,
    })
    .returning({ id: discussionComments.discussionCommentId });
  if (!row) throw new Error('fixtures: comment not stored');
  return row.id;
}

export async function createSubComment(
  fx: Fixtures,
  org: FixtureOrg,
  discussionId: string,
  discussionCommentId: string,
  values: Partial<typeof discussionSubComments.$inferInsert> = {},
): Promise<string> {
  const writer = await fx.user(org.key, 'Käyttäjä');
  const [row] = await fx.db
    .insert(discussionSubComments)
    .values({
      organizationId: org.id,
      discussionId,
      discussionCommentId,
      userId: writer.id,
      discussionSubComment: `Testivastaus ${unique()}`,
      ...values,
    })
    .returning({ id: discussionSubComments.discussionCommentSubId });
  if (!row) throw new Error('fixtures: sub-comment not stored');
  return row.id;
}

/** The first and last name of a user, as the discussion answers show it. */
export async function fullNameOf(fx: Fixtures, userId: string): Promise<string> {
  const [row] = await fx.db
    .select({ first: users.userFirstName, last: users.userLastName })
    .from(users)
    .where(eq(users.userId, userId));
  return `${row?.first} ${row?.last}`;
}
