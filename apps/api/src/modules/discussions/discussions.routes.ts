import {
  commentByIdQuery,
  commentResponse,
  commentsQuery,
  commentsResponse,
  createCommentBody,
  createDiscussionBody,
  createSubCommentBody,
  discussionByIdQuery,
  discussionDashboardQuery,
  discussionDashboardResponse,
  discussionModeratorsQuery,
  discussionModeratorsResponse,
  discussionResponse,
  discussionsByTargetsQuery,
  discussionsQuery,
  discussionsResponse,
  followBody,
  followQuery,
  followResponse,
  mentionableQuery,
  mentionableResponse,
  moderateDiscussionBody,
  modifyCommentBody,
  organizationDiscussionsQuery,
  readDiscussionBody,
  readDiscussionResponse,
  subCommentResponse,
  subCommentsQuery,
  subCommentsResponse,
  updateDiscussionBody,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { DiscussionsService } from './discussions.service.js';

const READ =
  'Tieto permission. A Käyttäjä sees the discussions of the targets linked to them, other roles those of their organization, Pääylläpitäjä every one. 403 FORBIDDEN without Tieto.';
const MANAGE =
  'Tieto permission and a role above Käyttäjä (Pääylläpitäjä, Ylläpitäjä, Pääkäyttäjä); 403 FORBIDDEN otherwise.';
const PAGED =
  'Pinned ones first. Paged on the server (page, pageSize ≤ 100; `total` counts every match). `search` finds words in the title, description, comments and replies: PostgreSQL full-text search with the `finnish` configuration (inflected forms match), web-search syntax ("phrase", -word, or). `unread` counts comments and replies by others since the caller last marked the discussion read.';
const EDIT =
  'The text of `comment` replaces the old one, stored as written. Pääylläpitäjä, Ylläpitäjä, Pääkäyttäjä and the discussion moderator may edit any; the writer their own within 15 minutes of writing (later 409 discussions.EDIT_WINDOW_PASSED); anyone else 403 FORBIDDEN.';

const MENTIONS =
  '`mentions` (≤ 20 user uuids, see GET /api/tieto/discussion/mentionable) each get a mail in their own language; a user who does not see the discussion answers 404 USER_NOT_FOUND and nothing is stored.';

interface Options {
  discussions: DiscussionsService;
}

/** Tieto discussions, comments and sub-comments (spec 001 §7). */
export const discussionsRoutes = signedIn<Options>('discussions', (app, { discussions }) => {
  app.get('/api/tieto/discussion/id', {
    schema: {
      operationId: 'getDiscussion',
      summary: 'One discussion with its comment count',
      description: `${READ} 404 discussions.DISCUSSION_NOT_FOUND outside the scope or unknown.`,
      querystring: discussionByIdQuery,
      response: { 200: discussionResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const discussion = await discussions.get(request.caller, request.query.discussionId);
      return ok(request, 'messages.discussions.discussionOk', { discussion });
    },
  });

  app.get('/api/tieto/discussions', {
    schema: {
      operationId: 'listDiscussions',
      summary: 'Every discussion the caller manages, newest first',
      description: `${MANAGE} ${PAGED} search keeps the discussions whose title contains it, in any case.`,
      querystring: discussionsQuery,
      response: { 200: discussionsResponse, ...errors(403) },
    },
    handler: async (request) => {
      const { search, page, pageSize } = request.query;
      const { rows, total } = await discussions.list(request.caller, search, { page, pageSize });
      return ok(request, 'messages.discussions.discussionsOk', { discussions: rows, total });
    },
  });

  app.get('/api/tieto/discussions-by-targets', {
    schema: {
      operationId: 'listDiscussionsByTargets',
      summary: 'Discussions of some targets (targetId=a,b), newest first',
      description: `${READ} discussionState=Aktiivinen lists the open ones. ${PAGED} 404 TARGET_NOT_FOUND when a target is not one the caller sees.`,
      querystring: discussionsByTargetsQuery,
      response: { 200: discussionsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const { targetId, discussionState, search, page, pageSize } = request.query;
      const { rows, total } = await discussions.listByTargets(
        request.caller,
        targetId,
        { state: discussionState, search },
        { page, pageSize },
      );
      return ok(request, 'messages.discussions.discussionsOk', { discussions: rows, total });
    },
  });

  app.get('/api/tieto/discussions/organization', {
    schema: {
      operationId: 'listOrganizationDiscussions',
      summary: 'Discussions of an organization, maybe of one of its targets',
      description: `${MANAGE} ${PAGED} 404 ORGANIZATION_NOT_FOUND for another organization than the own (Pääylläpitäjä: any existing one).`,
      querystring: organizationDiscussionsQuery,
      response: { 200: discussionsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const { organizationId, targetId, search, page, pageSize } = request.query;
      const { rows, total } = await discussions.listOfOrganization(
        request.caller,
        organizationId,
        { targetId, search },
        { page, pageSize },
      );
      return ok(request, 'messages.discussions.discussionsOk', { discussions: rows, total });
    },
  });

  app.get('/api/tieto/discussions/organization-dashboard', {
    schema: {
      operationId: 'getDiscussionDashboard',
      summary: 'How many discussions the organization has, in all and per target',
      description: `${MANAGE} organizationId defaults to the own organization; 404 ORGANIZATION_NOT_FOUND for another one (Pääylläpitäjä: any existing one).`,
      querystring: discussionDashboardQuery,
      response: { 200: discussionDashboardResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const counts = await discussions.dashboard(request.caller, request.query.organizationId);
      return ok(request, 'messages.discussions.dashboardOk', counts);
    },
  });

  app.get('/api/tieto/discussion-moderators', {
    schema: {
      operationId: 'listDiscussionModerators',
      summary: 'Users who may moderate discussions of an organization (the add-discussion form)',
      description: `${MANAGE} organizationId defaults to the own organization; 404 ORGANIZATION_NOT_FOUND for another one (Pääylläpitäjä: any existing one). Not in the original calls: the form needs the organization's users without the admin area.`,
      querystring: discussionModeratorsQuery,
      response: { 200: discussionModeratorsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const users = await discussions.moderators(request.caller, request.query.organizationId);
      return ok(request, 'messages.discussions.moderatorsOk', { users });
    },
  });

  app.post('/api/tieto/discussion', {
    schema: {
      operationId: 'createDiscussion',
      summary: 'Create a discussion of a target',
      description: `${MANAGE} Anyone but Pääylläpitäjä creates in their own organization (naming another answers 403); Pääylläpitäjä names discussionOrganizationId. The target and moderator must be the organization's: 404 TARGET_NOT_FOUND / USER_NOT_FOUND.`,
      body: createDiscussionBody,
      response: { 201: discussionResponse, ...errors(403, 404) },
    },
    handler: async (request, reply) => {
      const discussion = await discussions.create(request.caller, request.body);
      return reply
        .status(201)
        .send(ok(request, 'messages.discussions.discussionCreated', { discussion }));
    },
  });

  app.patch('/api/tieto/discussion', {
    schema: {
      operationId: 'updateDiscussion',
      summary: 'Save a discussion',
      description: `${MANAGE} The organization stays; naming another answers 403. 404 discussions.DISCUSSION_NOT_FOUND, TARGET_NOT_FOUND or USER_NOT_FOUND (moderator).`,
      body: updateDiscussionBody,
      response: { 200: discussionResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const discussion = await discussions.update(request.caller, request.body);
      return ok(request, 'messages.discussions.discussionUpdated', { discussion });
    },
  });

  app.patch('/api/tieto/discussion/moderation', {
    schema: {
      operationId: 'moderateDiscussion',
      summary: 'Pin or lock a discussion',
      description: `${READ} Pääylläpitäjä, Ylläpitäjä, Pääkäyttäjä or the discussion's moderator; anyone else 403 FORBIDDEN. A pinned discussion is listed first; a locked one takes no new comments or replies (409 discussions.DISCUSSION_LOCKED). Not in the original calls. 404 discussions.DISCUSSION_NOT_FOUND.`,
      body: moderateDiscussionBody,
      response: { 200: discussionResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const discussion = await discussions.moderate(request.caller, request.body);
      return ok(request, 'messages.discussions.moderationSaved', { discussion });
    },
  });

  app.put('/api/tieto/discussion/read', {
    schema: {
      operationId: 'markDiscussionRead',
      summary: 'Mark a discussion read up to now (its unread marker clears)',
      description: `${READ} Per user; the web app calls it when the discussion is opened. Not in the original calls. 404 discussions.DISCUSSION_NOT_FOUND.`,
      body: readDiscussionBody,
      response: { 200: readDiscussionResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const unread = await discussions.markRead(request.caller, request.body.discussionId);
      return ok(request, 'messages.discussions.readSaved', { unread });
    },
  });

  app.get('/api/tieto/discussion/mentionable', {
    schema: {
      operationId: 'listMentionableUsers',
      summary: 'Users who may be @mentioned in a discussion',
      description: `${READ} The active users with Tieto who see the discussion's target (a Käyttäjä only when linked to it), whose name contains \`search\`; at most 20, by last name. Not in the original calls. 404 discussions.DISCUSSION_NOT_FOUND.`,
      querystring: mentionableQuery,
      response: { 200: mentionableResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const { discussionId, search } = request.query;
      const users = await discussions.mentionable(request.caller, discussionId, search);
      return ok(request, 'messages.discussions.mentionableOk', { users });
    },
  });

  app.get('/api/tieto/discussion/follow', {
    schema: {
      operationId: 'getDiscussionFollow',
      summary: 'Whether the caller follows a discussion (mail about new comments)',
      description: `${READ} Not in the original calls: following is off until the user turns it on. 404 discussions.DISCUSSION_NOT_FOUND.`,
      querystring: followQuery,
      response: { 200: followResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const following = await discussions.following(request.caller, request.query.discussionId);
      return ok(request, 'messages.discussions.followOk', { following });
    },
  });

  app.put('/api/tieto/discussion/follow', {
    schema: {
      operationId: 'setDiscussionFollow',
      summary: 'Start or stop following a discussion',
      description: `${READ} A follower gets a mail when others comment, at most one per discussion per hour, while they still see the discussion. Not in the original calls. 404 discussions.DISCUSSION_NOT_FOUND.`,
      body: followBody,
      response: { 200: followResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const { discussionId, following } = request.body;
      const saved = await discussions.setFollowing(request.caller, discussionId, following);
      return ok(request, 'messages.discussions.followSaved', { following: saved });
    },
  });

  // Comments

  app.get('/api/tieto/discussions-comments', {
    schema: {
      operationId: 'listComments',
      summary: 'Comments of a discussion, oldest first, with their sub-comment counts',
      description: `${READ} ${PAGED} 404 discussions.DISCUSSION_NOT_FOUND.`,
      querystring: commentsQuery,
      response: { 200: commentsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const { discussionId, page, pageSize } = request.query;
      const { rows, total } = await discussions.listComments(request.caller, discussionId, {
        page,
        pageSize,
      });
      return ok(request, 'messages.discussions.commentsOk', { comments: rows, total });
    },
  });

  app.get('/api/tieto/discussions-comment-id', {
    schema: {
      operationId: 'getComment',
      summary: 'One comment',
      description: `${READ} 404 discussions.COMMENT_NOT_FOUND.`,
      querystring: commentByIdQuery,
      response: { 200: commentResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const comment = await discussions.getComment(
        request.caller,
        request.query.discussionCommentId,
      );
      return ok(request, 'messages.discussions.commentOk', { comment });
    },
  });

  app.post('/api/tieto/discussion/comment', {
    schema: {
      operationId: 'createComment',
      summary: 'Comment on a discussion',
      description: `${READ} The writer is the caller (discussionCommentUserId, when sent, must be the caller: 403 otherwise). 3 to 5000 characters, stored as written. ${MENTIONS} 404 discussions.DISCUSSION_NOT_FOUND; 409 discussions.DISCUSSION_CLOSED for a Passiivinen discussion, discussions.DISCUSSION_LOCKED for a locked one.`,
      body: createCommentBody,
      response: { 201: commentResponse, ...errors(403, 404, 409) },
    },
    handler: async (request, reply) => {
      const comment = await discussions.createComment(request.caller, request.body);
      return reply
        .status(201)
        .send(ok(request, 'messages.discussions.commentCreated', { comment }));
    },
  });

  app.patch('/api/tieto/current-comment-modification', {
    schema: {
      operationId: 'modifyComment',
      summary: 'Edit a comment (id, comment)',
      description: `${READ} ${EDIT} 404 discussions.COMMENT_NOT_FOUND.`,
      body: modifyCommentBody,
      response: { 200: commentResponse, ...errors(403, 404, 409) },
    },
    handler: async (request) => {
      const { id, comment } = request.body;
      const saved = await discussions.updateComment(request.caller, id, comment);
      return ok(request, 'messages.discussions.commentUpdated', { comment: saved });
    },
  });

  // Sub-comments

  app.get('/api/tieto/discussions-sub-comments', {
    schema: {
      operationId: 'listSubComments',
      summary: 'Sub-comments of a comment, oldest first',
      description: `${READ} ${PAGED} 404 discussions.COMMENT_NOT_FOUND.`,
      querystring: subCommentsQuery,
      response: { 200: subCommentsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const { discussionCommentId, page, pageSize } = request.query;
      const { rows, total } = await discussions.listSubComments(
        request.caller,
        discussionCommentId,
        { page, pageSize },
      );
      return ok(request, 'messages.discussions.subCommentsOk', { subComments: rows, total });
    },
  });

  app.post('/api/tieto/discussion/sub-comment', {
    schema: {
      operationId: 'createSubComment',
      summary: 'Reply to a comment',
      description: `${READ} The writer is the caller (discussionSubCommentUserId, when sent, must be the caller: 403 otherwise). 3 to 5000 characters, stored as written. ${MENTIONS} 404 discussions.DISCUSSION_NOT_FOUND or discussions.COMMENT_NOT_FOUND (also for a comment of another discussion); 409 discussions.DISCUSSION_CLOSED or discussions.DISCUSSION_LOCKED.`,
      body: createSubCommentBody,
      response: { 201: subCommentResponse, ...errors(403, 404, 409) },
    },
    handler: async (request, reply) => {
      const subComment = await discussions.createSubComment(request.caller, request.body);
      return reply
        .status(201)
        .send(ok(request, 'messages.discussions.subCommentCreated', { subComment }));
    },
  });

  app.patch('/api/tieto/current-sub-comment-modification', {
    schema: {
      operationId: 'modifySubComment',
      summary: 'Edit a sub-comment (id, comment)',
      description: `${READ} ${EDIT} 404 discussions.SUB_COMMENT_NOT_FOUND.`,
      body: modifyCommentBody,
      response: { 200: subCommentResponse, ...errors(403, 404, 409) },
    },
    handler: async (request) => {
      const { id, comment } = request.body;
      const subComment = await discussions.updateSubComment(request.caller, id, comment);
      return ok(request, 'messages.discussions.subCommentUpdated', { subComment });
    },
  });
});
