import { z } from 'zod';
import { STATES } from '../constants.js';
import type { ValidationKey } from '../i18n/index.js';
import { id, msg, pageQuery, recordOf, recordState, text } from './fields.js';

// Tieto discussions, their comments and sub-comments (spec 001 §2 screen 9, §3, §5, §7, §9).

/** Shortest title, description and comment (spec 001 §5, §9). */
export const DISCUSSION_TEXT_MIN_LENGTH = 3;
/** The comment form's counter (spec 001 §5): also the most the API stores. */
export const COMMENT_MAX_LENGTH = 5000;
/** Longer comments are shown cut with 'Lue lisää' / 'Näytä vähemmän' (spec 001 §9). */
export const COMMENT_CUT_LENGTH = 500;
/** A writer may edit their own comment or sub-comment this long after writing it. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60 * 1000;
export const DISCUSSION_PAGE_SIZE_MAX = 100;
/** The longest search text over discussions. */
export const DISCUSSION_SEARCH_MAX_LENGTH = 200;
/** The most users one comment may mention. */
export const MENTIONS_MAX = 20;

/** Required, at least 3 characters after trimming, with the spec's two messages. */
const textOfLength = (required: ValidationKey, tooShort: ValidationKey, max: number) =>
  text(
    { error: (issue) => (issue.input === undefined ? msg(required) : msg('invalidValue')) },
    true,
  )
    .trim()
    .min(1, { error: msg(required), abort: true })
    .min(DISCUSSION_TEXT_MIN_LENGTH, { error: msg(tooShort), abort: true })
    .max(max, { error: msg('invalidValue') });

/**
 * A comment or sub-comment: stored as written (no trimming of the inside, line breaks kept);
 * shorter than 3 characters or missing answers 'Kommentissa pitää olla ainakin 3 merkkiä'.
 */
export const commentText = () =>
  text(
    {
      error: (issue) =>
        issue.input === undefined ? msg('discussions.commentTooShort') : msg('invalidValue'),
    },
    true,
  )
    .refine((value) => value.trim().length >= DISCUSSION_TEXT_MIN_LENGTH, {
      error: msg('discussions.commentTooShort'),
      abort: true,
    })
    .refine((value) => value.length <= COMMENT_MAX_LENGTH, {
      error: msg('discussions.commentTooLong'),
    });

const discussionFields = {
  discussionTitle: textOfLength('discussions.titleRequired', 'discussions.titleTooShort', 200),
  discussionDescription: textOfLength(
    'discussions.descriptionRequired',
    'discussions.descriptionTooShort',
    COMMENT_MAX_LENGTH,
  ),
  /**
   * Only the top administrator chooses; anyone else may leave it out and gets their own
   * organization (naming another one answers 403).
   */
  discussionOrganizationId: id().optional(),
  /** The moderator's user uuid: a user of the discussion's organization. */
  discussionModerator: z.uuid({ error: msg('required') }),
  /** A target of the discussion's organization. */
  discussionTargetId: z.uuid({ error: msg('required') }),
  discussionState: recordState(),
};

/** POST /api/tieto/discussion/ */
export const createDiscussionBody = z.object(discussionFields);
export type CreateDiscussionBody = z.infer<typeof createDiscussionBody>;

/** PATCH /api/tieto/discussion: the discussion named by discussionId; its organization stays. */
export const updateDiscussionBody = z.object({
  discussionId: id(),
  ...discussionFields,
});
export type UpdateDiscussionBody = z.infer<typeof updateDiscussionBody>;

/** A discussion as the API answers it: the body's fields, its id, names and counts. */
export const discussionRecord = recordOf(createDiscussionBody).extend({
  discussionId: z.string(),
  /** The moderator's first and last name. */
  moderatorName: z.string(),
  targetName: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  /** How many comments the discussion has (sub-comments not counted). */
  comments: z.number().int(),
  /** A pinned discussion is listed first. */
  pinned: z.boolean(),
  /** A locked discussion takes no new comments (409 discussions.DISCUSSION_LOCKED). */
  locked: z.boolean(),
  /** Comments and replies by others since the caller last opened the discussion. */
  unread: z.number().int(),
});

export type DiscussionRecord = z.infer<typeof discussionRecord>;

export const discussionResponse = z.object({ message: z.string(), discussion: discussionRecord });
export type DiscussionResponse = z.infer<typeof discussionResponse>;

export const discussionsResponse = z.object({
  message: z.string(),
  discussions: z.array(discussionRecord),
  total: z.number().int().describe('All discussions the filter matches, for paging'),
});
export type DiscussionsResponse = z.infer<typeof discussionsResponse>;

const paging = pageQuery(DISCUSSION_PAGE_SIZE_MAX);

/**
 * Words to look for in titles, descriptions, comments and replies: PostgreSQL full-text search
 * with the `finnish` configuration (inflected forms match: "talo" finds "taloissa"), in the
 * web-search syntax ("quoted phrase", -excluded, or).
 */
const search = {
  search: text()
    .trim()
    .max(DISCUSSION_SEARCH_MAX_LENGTH, { error: msg('invalidValue') })
    .optional()
    .transform((value) => value || undefined),
};

/** GET /api/tieto/discussion/id?discussionId= */
export const discussionByIdQuery = z.object({ discussionId: id() });

/** GET /api/tieto/discussions/: every discussion in scope, newest first. */
export const discussionsQuery = z.object({ ...search, ...paging });
export type DiscussionsQuery = z.infer<typeof discussionsQuery>;

/**
 * GET /api/tieto/discussions-by-targets/?targetId=a,b: the discussions of these targets (each
 * visible to the caller), newest first. `discussionState` narrows to Aktiivinen (open) or
 * Passiivinen.
 */
export const discussionsByTargetsQuery = z.object({
  targetId: text({ error: msg('required') })
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(
      z
        .array(id())
        .min(1, { error: msg('required') })
        .max(100, { error: msg('invalidValue') }),
    ),
  discussionState: z.enum(STATES, { error: msg('invalidValue') }).optional(),
  ...search,
  ...paging,
});
export type DiscussionsByTargetsQuery = z.infer<typeof discussionsByTargetsQuery>;

/** GET /api/tieto/discussions/organization?organizationId=&targetId= (target optional). */
export const organizationDiscussionsQuery = z.object({
  organizationId: id(),
  targetId: id().optional(),
  ...search,
  ...paging,
});
export type OrganizationDiscussionsQuery = z.infer<typeof organizationDiscussionsQuery>;

/** GET /api/tieto/discussions/organization-dashboard?organizationId= (own when left out). */
export const discussionDashboardQuery = z.object({ organizationId: id().optional() });

export const discussionDashboardResponse = z.object({
  message: z.string(),
  /** Discussions of the organization. */
  discussions: z.number().int(),
  /** Per target of the organization that has any: its discussions. */
  targets: z.array(z.object({ targetId: z.string(), discussions: z.number().int() })),
});
export type DiscussionDashboardResponse = z.infer<typeof discussionDashboardResponse>;

/** GET /api/tieto/discussion-moderators?organizationId=: who may be chosen as moderator. */
export const discussionModeratorsQuery = z.object({ organizationId: id().optional() });
export const discussionModeratorsResponse = z.object({
  message: z.string(),
  users: z.array(z.object({ uuid: z.string(), fullName: z.string() })),
});
export type DiscussionModeratorsResponse = z.infer<typeof discussionModeratorsResponse>;

/** GET /api/tieto/discussion/follow?discussionId= */
export const followQuery = z.object({ discussionId: id() });
/** PUT /api/tieto/discussion/follow: start (true) or stop (false) following. */
export const followBody = z.object({
  discussionId: id(),
  following: z.boolean({ error: msg('invalidValue') }),
});
export type FollowBody = z.infer<typeof followBody>;
export const followResponse = z.object({
  message: z.string(),
  /** Whether the caller gets mail about new comments (at most one per hour). */
  following: z.boolean(),
});
export type FollowResponse = z.infer<typeof followResponse>;

/** PATCH /api/tieto/discussion/moderation: pin or lock (either or both). */
export const moderateDiscussionBody = z
  .object({
    discussionId: id(),
    pinned: z.boolean({ error: msg('invalidValue') }).optional(),
    locked: z.boolean({ error: msg('invalidValue') }).optional(),
  })
  .refine((body) => body.pinned !== undefined || body.locked !== undefined, {
    error: msg('discussions.moderationRequired'),
    path: ['pinned'],
  });
export type ModerateDiscussionBody = z.infer<typeof moderateDiscussionBody>;

/** PUT /api/tieto/discussion/read: the caller has read the discussion up to now. */
export const readDiscussionBody = z.object({ discussionId: id() });
export const readDiscussionResponse = z.object({ message: z.string(), unread: z.number().int() });

/** GET /api/tieto/discussion/mentionable?discussionId=&search=: who may be @mentioned. */
export const mentionableQuery = z.object({
  discussionId: id(),
  search: text()
    .trim()
    .max(100, { error: msg('invalidValue') })
    .optional(),
});
export const mentionableResponse = z.object({
  message: z.string(),
  /** At most 20, by name: active users with Tieto who see the discussion's target. */
  users: z.array(z.object({ uuid: z.string(), fullName: z.string() })),
});
export type MentionableResponse = z.infer<typeof mentionableResponse>;

/**
 * Users a comment mentions ("@Etunimi Sukunimi" in the text): each gets a mail in their own
 * language. Each must see the discussion (404 USER_NOT_FOUND otherwise).
 */
const mentions = z
  .array(id(), { error: msg('invalidValue') })
  .max(MENTIONS_MAX, { error: msg('discussions.mentionsTooMany') })
  .optional();

// Comments

/** POST /api/tieto/discussion/comment. The writer is always the caller. */
export const createCommentBody = z.object({
  discussionId: id(),
  /** Optional; when sent it must be the caller's own uuid (403 otherwise). */
  discussionCommentUserId: id().optional(),
  discussionComment: commentText(),
  mentions,
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

/** PATCH /api/tieto/current-comment-modification and …current-sub-comment-modification */
export const modifyCommentBody = z.object({ id: id(), comment: commentText() });
export type ModifyCommentBody = z.infer<typeof modifyCommentBody>;

/** A comment as the API answers it: the body's fields, its id, writer and times. */
export const commentRecord = recordOf(createCommentBody.omit({ mentions: true })).extend({
  discussionCommentId: z.string(),
  /** The writer's first and last name. */
  fullName: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
  /** How many sub-comments the comment has. */
  count: z.number().int(),
});

export type CommentRecord = z.infer<typeof commentRecord>;

/** GET /api/tieto/discussions-comments?discussionId=: oldest first, paged. */
export const commentsQuery = z.object({ discussionId: id(), ...paging });
export type CommentsQuery = z.infer<typeof commentsQuery>;

export const commentsResponse = z.object({
  message: z.string(),
  comments: z.array(commentRecord),
  total: z.number().int().describe('All comments of the discussion, for paging'),
});
export type CommentsResponse = z.infer<typeof commentsResponse>;

/** GET /api/tieto/discussions-comment-id?discussionCommentId= */
export const commentByIdQuery = z.object({ discussionCommentId: id() });
export const commentResponse = z.object({ message: z.string(), comment: commentRecord });
export type CommentResponse = z.infer<typeof commentResponse>;

// Sub-comments

/** POST /api/tieto/discussion/sub-comment. The writer is always the caller. */
export const createSubCommentBody = z.object({
  discussionId: id(),
  /** Optional; when sent it must be the caller's own uuid (403 otherwise). */
  discussionSubCommentUserId: id().optional(),
  discussionCommentId: id(),
  discussionSubComment: commentText(),
  mentions,
});
export type CreateSubCommentBody = z.infer<typeof createSubCommentBody>;

/** A sub-comment as the API answers it: the body's fields, its id, writer and times. */
export const subCommentRecord = recordOf(createSubCommentBody.omit({ mentions: true })).extend({
  discussionCommentSubId: z.string(),
  fullName: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});

export type SubCommentRecord = z.infer<typeof subCommentRecord>;

/** GET /api/tieto/discussions-sub-comments?discussionCommentId=: oldest first, paged. */
export const subCommentsQuery = z.object({ discussionCommentId: id(), ...paging });
export type SubCommentsQuery = z.infer<typeof subCommentsQuery>;

export const subCommentsResponse = z.object({
  message: z.string(),
  subComments: z.array(subCommentRecord),
  total: z.number().int().describe('All sub-comments of the comment, for paging'),
});
export type SubCommentsResponse = z.infer<typeof subCommentsResponse>;

export const subCommentResponse = z.object({ message: z.string(), subComment: subCommentRecord });
export type SubCommentResponse = z.infer<typeof subCommentResponse>;

// Server-sent events (GET /api/events), shared by every feature that updates live.

/**
 * One event as the stream sends it (the `data:` line, JSON): its kind, the target it concerns
 * (null for the whole organization) and a few ids, never a text or a person's data; the browser
 * refetches what it shows. Kinds are `<feature>.<what>`; discussions send the ones below.
 */
export const appEvent = z.object({
  type: z.string(),
  targetId: z.string().nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AppEvent = z.infer<typeof appEvent>;

/**
 * Events may have been missed (the browser's stream was away, or the server's own listener for
 * the other instances' events was): whatever a screen shows live should be fetched again. The
 * web app makes it itself after reconnecting; the server sends it when its listener is back.
 */
export const STREAM_RECONNECTED = 'stream.reconnected';

/** Event kinds of discussions: a new or edited comment or sub-comment, a saved discussion. */
export const DISCUSSION_EVENTS = {
  comment: 'discussion.comment',
  subComment: 'discussion.subComment',
  changed: 'discussion.changed',
} as const;
