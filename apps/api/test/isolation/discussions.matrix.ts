import { createComment, createDiscussion, createSubComment } from '../helpers/discussions.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import type { Access, Matrix } from './matrix.js';
import { freshIds, organizationIds, targetIds } from './requests.js';

/** Tieto for every role (spec 001 §2). */
const TIETO = { section: 'tieto', minRole: 'Käyttäjä' } as const satisfies Access;
/** Discussion management: Tieto and a role above Käyttäjä (spec 001 §6). */
const MANAGE = { section: 'tieto', minRole: 'Pääkäyttäjä' } as const satisfies Access;

const DISCUSSION_NOT_FOUND = 'discussions.DISCUSSION_NOT_FOUND';
const COMMENT_NOT_FOUND = 'discussions.COMMENT_NOT_FOUND';

/** A fresh discussion of the organization, or a missing id. */
const discussionOf = async (fx: Fixtures, org: FixtureOrg | null) =>
  org ? createDiscussion(fx, org) : fx.missing;

const commentOf = async (fx: Fixtures, org: FixtureOrg | null) =>
  org ? createComment(fx, org, await createDiscussion(fx, org)) : fx.missing;

async function discussionBody(fx: Fixtures, org: FixtureOrg) {
  return {
    discussionTitle: 'Matriisikeskustelu',
    discussionDescription: 'Keskustelu eristystestiin',
    discussionModerator: (await fx.user(org.key, 'Ylläpitäjä')).id,
    discussionTargetId: org.target.id,
    discussionState: 'Aktiivinen',
  };
}

/** Discussions, comments, sub-comments and the event stream. */
export const discussionsMatrix: Matrix = {
  'GET /api/events': {
    access: 'signedIn',
    onlyAuthChecked:
      'the stream stays open until the client leaves, so it cannot be awaited per role; delivery per organization and target is tested over a real socket in test/integration/events.test.ts',
  },
  'GET /api/tieto/discussion/id': {
    access: TIETO,
    ids: freshIds(DISCUSSION_NOT_FOUND, async (fx, org) => ({
      url: `/api/tieto/discussion/id?discussionId=${await discussionOf(fx, org)}`,
    })),
  },
  'GET /api/tieto/discussions': { access: MANAGE },
  'GET /api/tieto/discussions-by-targets': {
    access: TIETO,
    ids: targetIds((id) => `/api/tieto/discussions-by-targets?targetId=${id}`),
  },
  'GET /api/tieto/discussions/organization': {
    access: MANAGE,
    ids: organizationIds((id) => `/api/tieto/discussions/organization?organizationId=${id}`),
  },
  'GET /api/tieto/discussions/organization-dashboard': {
    access: MANAGE,
    ids: organizationIds(
      (id) => `/api/tieto/discussions/organization-dashboard?organizationId=${id}`,
    ),
  },
  'GET /api/tieto/discussion-moderators': {
    access: MANAGE,
    ids: organizationIds((id) => `/api/tieto/discussion-moderators?organizationId=${id}`),
  },
  'POST /api/tieto/discussion': {
    access: MANAGE,
    ids: {
      notFound: 'TARGET_NOT_FOUND',
      of: async (fx, org) => ({
        url: '/api/tieto/discussion',
        body: { ...(await discussionBody(fx, org)), discussionOrganizationId: org.id },
      }),
      missing: async (fx) => ({
        url: '/api/tieto/discussion',
        body: {
          ...(await discussionBody(fx, fx.orgA)),
          discussionOrganizationId: fx.orgA.id,
          discussionTargetId: fx.missing,
        },
      }),
    },
  },
  'PATCH /api/tieto/discussion': {
    access: MANAGE,
    ids: freshIds(DISCUSSION_NOT_FOUND, async (fx, org) => ({
      url: '/api/tieto/discussion',
      body: {
        discussionId: await discussionOf(fx, org),
        ...(await discussionBody(fx, org ?? fx.orgA)),
      },
    })),
  },
  'PATCH /api/tieto/discussion/moderation': {
    // Managers; the discussion's moderator too (the fixture's moderator is the Ylläpitäjä, so a
    // Käyttäjä is refused: tested as a moderator in test/integration/discussions.test.ts).
    access: MANAGE,
    ids: freshIds(DISCUSSION_NOT_FOUND, async (fx, org) => ({
      url: '/api/tieto/discussion/moderation',
      body: { discussionId: await discussionOf(fx, org), pinned: true },
    })),
  },
  'PUT /api/tieto/discussion/read': {
    access: TIETO,
    ids: freshIds(DISCUSSION_NOT_FOUND, async (fx, org) => ({
      url: '/api/tieto/discussion/read',
      body: { discussionId: await discussionOf(fx, org) },
    })),
  },
  'GET /api/tieto/discussion/mentionable': {
    access: TIETO,
    ids: freshIds(DISCUSSION_NOT_FOUND, async (fx, org) => ({
      url: `/api/tieto/discussion/mentionable?discussionId=${await discussionOf(fx, org)}`,
    })),
  },
  'GET /api/tieto/discussion/follow': {
    access: TIETO,
    ids: freshIds(DISCUSSION_NOT_FOUND, async (fx, org) => ({
      url: `/api/tieto/discussion/follow?discussionId=${await discussionOf(fx, org)}`,
    })),
  },
  'PUT /api/tieto/discussion/follow': {
    access: TIETO,
    ids: freshIds(DISCUSSION_NOT_FOUND, async (fx, org) => ({
      url: '/api/tieto/discussion/follow',
      body: { discussionId: await discussionOf(fx, org), following: true },
    })),
  },
  'GET /api/tieto/discussions-comments': {
    access: TIETO,
    ids: freshIds(DISCUSSION_NOT_FOUND, async (fx, org) => ({
      url: `/api/tieto/discussions-comments?discussionId=${await discussionOf(fx, org)}`,
    })),
  },
  'GET /api/tieto/discussions-comment-id': {
    access: TIETO,
    ids: freshIds(COMMENT_NOT_FOUND, async (fx, org) => ({
      url: `/api/tieto/discussions-comment-id?discussionCommentId=${await commentOf(fx, org)}`,
    })),
  },
  'POST /api/tieto/discussion/comment': {
    access: TIETO,
    ids: freshIds(DISCUSSION_NOT_FOUND, async (fx, org) => ({
      url: '/api/tieto/discussion/comment',
      body: { discussionId: await discussionOf(fx, org), discussionComment: 'Matriisikommentti' },
    })),
  },
  'PATCH /api/tieto/current-comment-modification': {
    // Managers edit any comment; a Käyttäjä only their own (the fixture comments are by the
    // organization's Käyttäjä, written just now).
    access: TIETO,
    ids: freshIds(COMMENT_NOT_FOUND, async (fx, org) => ({
      url: '/api/tieto/current-comment-modification',
      body: { id: await commentOf(fx, org), comment: 'Muokattu matriisissa' },
    })),
  },
  'GET /api/tieto/discussions-sub-comments': {
    access: TIETO,
    ids: freshIds(COMMENT_NOT_FOUND, async (fx, org) => ({
      url: `/api/tieto/discussions-sub-comments?discussionCommentId=${await commentOf(fx, org)}`,
    })),
  },
  'POST /api/tieto/discussion/sub-comment': {
    access: TIETO,
    ids: freshIds(DISCUSSION_NOT_FOUND, async (fx, org) => {
      const owner = org ?? fx.orgA;
      const discussionId = await createDiscussion(fx, owner);
      return {
        url: '/api/tieto/discussion/sub-comment',
        body: {
          discussionId: org ? discussionId : fx.missing,
          discussionCommentId: await createComment(fx, owner, discussionId),
          discussionSubComment: 'Matriisivastaus',
        },
      };
    }),
  },
  'PATCH /api/tieto/current-sub-comment-modification': {
    access: TIETO,
    ids: freshIds('discussions.SUB_COMMENT_NOT_FOUND', async (fx, org) => {
      if (!org) {
        return {
          url: '/api/tieto/current-sub-comment-modification',
          body: { id: fx.missing, comment: 'Muokattu vastaus' },
        };
      }
      const discussionId = await createDiscussion(fx, org);
      const commentId = await createComment(fx, org, discussionId);
      return {
        url: '/api/tieto/current-sub-comment-modification',
        body: {
          id: await createSubComment(fx, org, discussionId, commentId),
          comment: 'Muokattu vastaus',
        },
      };
    }),
  },
};
