import {
  type CommentRecord,
  type CreateCommentBody,
  type CreateDiscussionBody,
  type CreateSubCommentBody,
  can,
  DISCUSSION_EVENTS,
  type DiscussionRecord,
  type ModerateDiscussionBody,
  type SubCommentRecord,
  type UpdateDiscussionBody,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { changedValues } from '../../lib/changed-values.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { authorize, crossesOrganizations, homeOrganization, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { EventBus } from '../events/event-bus.js';
import type { Mailer } from '../mail/mailer.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { TargetsRepository } from '../targets/targets.repository.js';
import { mentionMail, newCommentsMail } from './discussion-mail.js';
import type {
  CommentFacts,
  DiscussionFilter,
  DiscussionsRepository,
  DiscussionValues,
  Page,
} from './discussions.repository.js';

/** Reading discussions and writing comments: the Tieto permission (spec 001 §2). */
const TIETO = { do: 'openSection', section: 'tieto' } as const;
/** Creating and editing discussions, editing anyone's comment (spec 001 §6). */
const MANAGE = { do: 'manageDiscussions' } as const;

const DISCUSSION_NOT_FOUND = 'discussions.DISCUSSION_NOT_FOUND';
const COMMENT_NOT_FOUND = 'discussions.COMMENT_NOT_FOUND';
const SUB_COMMENT_NOT_FOUND = 'discussions.SUB_COMMENT_NOT_FOUND';

/**
 * Discussions of targets with comments and sub-comments. Everyone with Tieto reads the
 * discussions of the targets they see (a Käyttäjä the linked ones) and comments on open ones;
 * Pääylläpitäjä, Ylläpitäjä and Pääkäyttäjä manage discussions; comments are edited by them,
 * by the discussion's moderator, and by their writer within 15 minutes.
 */
export function createDiscussionsService({
  db,
  discussions,
  targets,
  organizations,
  audit,
  events,
  mailer,
  publicUrl,
}: {
  db: Db;
  discussions: DiscussionsRepository;
  targets: Pick<TargetsRepository, 'listIdsOfOrganization' | 'listNames'>;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: AuditService;
  events: Pick<EventBus, 'publish'>;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  /** The app's address for links in mail (PUBLIC_URL), never the request's Host. */
  publicUrl: string;
}) {
  const audited = auditedChanges({ db, audit });

  async function read(scope: Scope, discussionId: string): Promise<DiscussionRecord> {
    const found = await discussions.find(scope, discussionId);
    if (!found) throw notFound(DISCUSSION_NOT_FOUND);
    return found;
  }

  async function requireOrganization(scope: Scope, organizationId: string) {
    if (!(await organizations.lookup(scope, organizationId))) {
      throw notFound('ORGANIZATION_NOT_FOUND');
    }
  }

  /** The target and the moderator must be the organization's (404 otherwise). */
  async function requireParts(
    scope: Scope,
    organizationId: string,
    body: Pick<CreateDiscussionBody, 'discussionTargetId' | 'discussionModerator'>,
  ) {
    const found = await targets.listIdsOfOrganization(scope, organizationId, [
      body.discussionTargetId,
    ]);
    if (found.length !== 1) throw notFound('TARGET_NOT_FOUND');
    if (!(await discussions.isUserOf(scope, organizationId, body.discussionModerator))) {
      throw notFound('USER_NOT_FOUND');
    }
  }

  const valuesOf = (body: CreateDiscussionBody): Omit<DiscussionValues, 'organizationId'> => ({
    targetId: body.discussionTargetId,
    moderatorId: body.discussionModerator,
    discussionTitle: body.discussionTitle,
    discussionDescription: body.discussionDescription,
    discussionState: body.discussionState,
  });

  /** The organization the caller names, or the own one; another one is the top role's. */
  async function organizationFilter(scope: Scope, organizationId: string | undefined) {
    if (!organizationId) return scope.organizationId ?? undefined;
    if (scope.organizationId !== null && organizationId !== scope.organizationId) {
      throw notFound('ORGANIZATION_NOT_FOUND');
    }
    await requireOrganization(scope, organizationId);
    return organizationId;
  }

  /**
   * Who may edit a comment or sub-comment: a manager, the discussion's moderator, or the writer
   * within 15 minutes of writing (afterwards 409 EDIT_WINDOW_PASSED: the record's time has run
   * out, not the caller's rights, and a 403 would end the web app's session); anyone else 403.
   */
  function requireEditable(caller: Caller, facts: CommentFacts) {
    if (can(caller, MANAGE) || facts.moderatorId === caller.userId) return;
    if (facts.writerId === caller.userId) {
      if (facts.withinEditWindow) return;
      throw new AppError(409, 'discussions.EDIT_WINDOW_PASSED');
    }
    throw forbidden();
  }

  /** Comments are written only by the caller: naming someone else is refused. */
  function requireSelf(caller: Caller, userId: string | undefined) {
    if (userId !== undefined && userId !== caller.userId) throw forbidden();
  }

  /** An open discussion to comment on: a Passiivinen one is closed, a locked one too (409). */
  async function openDiscussion(scope: Scope, discussionId: string) {
    const discussion = await read(scope, discussionId);
    if (discussion.discussionState !== 'Aktiivinen') {
      throw new AppError(409, 'discussions.DISCUSSION_CLOSED');
    }
    if (discussion.locked) throw new AppError(409, 'discussions.DISCUSSION_LOCKED');
    return discussion;
  }

  const placeOf = (discussion: DiscussionRecord) => ({
    discussionId: discussion.discussionId,
    organizationId: discussion.discussionOrganizationId,
    targetId: discussion.discussionTargetId,
  });

  /**
   * The users a comment mentions, each one who reads the discussion (404 USER_NOT_FOUND for any
   * other, so a mention never reaches or reveals someone outside it); the writer is left out.
   */
  async function mentioned(
    scope: Scope,
    discussion: DiscussionRecord,
    caller: Caller,
    ids: string[] | undefined,
  ) {
    const unique = [...new Set(ids ?? [])];
    const found = await discussions.listReaders(scope, placeOf(discussion), unique);
    if (found.length !== unique.length) throw notFound('USER_NOT_FOUND');
    return found.filter((user) => user.userId !== caller.userId);
  }

  /** Mails each mentioned user in their language, in the transaction that stores the comment. */
  async function notifyMentioned(
    discussion: DiscussionRecord,
    writerName: string,
    recipients: Awaited<ReturnType<typeof mentioned>>,
  ) {
    const link = `${publicUrl}/#/tieto/current-discussions?discussionId=${discussion.discussionId}`;
    for (const recipient of recipients) {
      const language = recipient.language ?? 'fi';
      await mailer.enqueue({
        to: recipient.userEmail,
        language,
        ...mentionMail(language, {
          firstName: recipient.userFirstName,
          writer: writerName,
          title: discussion.discussionTitle,
          link,
        }),
      });
    }
    return recipients.length;
  }

  /**
   * Mails the discussion's followers about a new comment, at most once an hour each; runs in the
   * transaction that stores the comment, so a refused comment mails nobody.
   */
  async function notifyFollowers(scope: Scope, discussion: DiscussionRecord, writerId: string) {
    const recipients = await discussions.claimFollowersToNotify(
      scope,
      placeOf(discussion),
      writerId,
    );
    const link = `${publicUrl}/#/tieto/current-discussions?discussionId=${discussion.discussionId}`;
    for (const recipient of recipients) {
      const language = recipient.language ?? 'fi';
      await mailer.enqueue({
        to: recipient.userEmail,
        language,
        ...newCommentsMail(language, {
          firstName: recipient.userFirstName,
          title: discussion.discussionTitle,
          link,
        }),
      });
    }
    return recipients.length;
  }

  return {
    get: (caller: Caller, discussionId: string) => read(authorize(caller, TIETO), discussionId),

    /** Every discussion in scope (management list), pinned first, then newest first. */
    list: (caller: Caller, search: string | undefined, page: Page) =>
      discussions.list(authorize(caller, TIETO, MANAGE), { search }, page),

    /** Discussions of the given targets; every target must be one the caller sees. */
    async listByTargets(
      caller: Caller,
      targetIds: string[],
      filter: Pick<DiscussionFilter, 'state' | 'search'>,
      page: Page,
    ) {
      const scope = authorize(caller, TIETO);
      const unique = [...new Set(targetIds)];
      const seen = new Set((await targets.listNames(scope)).map((target) => target.id));
      if (!unique.every((targetId) => seen.has(targetId))) throw notFound('TARGET_NOT_FOUND');
      return discussions.list(scope, { ...filter, targetIds: unique }, page);
    },

    /** Discussions of an organization, maybe of one of its targets (management). */
    async listOfOrganization(
      caller: Caller,
      organizationId: string,
      filter: Pick<DiscussionFilter, 'targetId' | 'search'>,
      page: Page,
    ) {
      const scope = authorize(caller, TIETO, MANAGE);
      await organizationFilter(scope, organizationId);
      return discussions.list(scope, { ...filter, organizationId }, page);
    },

    /** Counts for the Tieto dashboard: the organization's discussions, and per target. */
    async dashboard(caller: Caller, organizationId: string | undefined) {
      const scope = authorize(caller, TIETO, MANAGE);
      const organization =
        (await organizationFilter(scope, organizationId)) ?? caller.organizationId;
      const rows = await discussions.countByTarget(scope, organization);
      return {
        discussions: rows.reduce((sum, row) => sum + row.discussions, 0),
        targets: rows,
      };
    },

    /** Users who may be chosen as moderator: the organization's active users. */
    async moderators(caller: Caller, organizationId: string | undefined) {
      const scope = authorize(caller, TIETO, MANAGE);
      const organization =
        (await organizationFilter(scope, organizationId)) ?? caller.organizationId;
      return discussions.listModerators(scope, organization);
    },

    async create(caller: Caller, body: CreateDiscussionBody): Promise<DiscussionRecord> {
      const scope = authorize(caller, TIETO, MANAGE);
      // A target or moderator the caller cannot see answers 404 before the organization is
      // judged, so a 403 never concerns someone else's records (ADR 0007).
      if (scope.organizationId !== null) await requireParts(scope, scope.organizationId, body);
      const organizationId = homeOrganization(
        scope,
        body.discussionOrganizationId,
        'discussionOrganizationId',
      );
      if (crossesOrganizations(scope)) {
        await requireOrganization(scope, organizationId);
        await requireParts(scope, organizationId, body);
      }
      const values = { ...valuesOf(body), organizationId };
      const { entityId: discussionId } = await audited(scope, async () => {
        const id = await discussions.insert(scope, values);
        return {
          action: 'discussion.create',
          entityId: id,
          organizationId,
          details: { ...body, discussionOrganizationId: organizationId },
        };
      });
      events.publish({
        organizationId,
        targetId: values.targetId,
        type: DISCUSSION_EVENTS.changed,
        data: { discussionId },
      });
      return read(scope, discussionId);
    },

    /** Saves a discussion; its organization stays (naming another answers 403). */
    async update(caller: Caller, body: UpdateDiscussionBody): Promise<DiscussionRecord> {
      const scope = authorize(caller, TIETO, MANAGE);
      const before = await read(scope, body.discussionId);
      const organizationId = before.discussionOrganizationId;
      if (body.discussionOrganizationId && body.discussionOrganizationId !== organizationId) {
        throw forbidden();
      }
      await requireParts(scope, organizationId, body);
      const values = valuesOf(body);
      await audited(scope, async () => {
        requireWritten(
          await discussions.update(scope, body.discussionId, values),
          DISCUSSION_NOT_FOUND,
        );
        return {
          action: 'discussion.update',
          entityId: body.discussionId,
          organizationId,
          details: changedValues(
            { ...before },
            {
              discussionTitle: body.discussionTitle,
              discussionDescription: body.discussionDescription,
              discussionModerator: body.discussionModerator,
              discussionTargetId: body.discussionTargetId,
              discussionState: body.discussionState,
            },
          ),
        };
      });
      for (const targetId of new Set([before.discussionTargetId, values.targetId])) {
        events.publish({
          organizationId,
          targetId,
          type: DISCUSSION_EVENTS.changed,
          data: { discussionId: body.discussionId },
        });
      }
      return read(scope, body.discussionId);
    },

    /**
     * Pins or locks a discussion: a manager or the discussion's moderator (others 403; a
     * discussion the caller does not see 404).
     */
    async moderate(caller: Caller, body: ModerateDiscussionBody): Promise<DiscussionRecord> {
      const scope = authorize(caller, TIETO);
      const before = await read(scope, body.discussionId);
      if (!can(caller, MANAGE) && before.discussionModerator !== caller.userId) throw forbidden();
      const values = { pinned: body.pinned, locked: body.locked };
      await audited(scope, async () => {
        requireWritten(
          await discussions.moderate(scope, body.discussionId, values),
          DISCUSSION_NOT_FOUND,
        );
        return {
          action: 'discussion.moderate',
          entityId: body.discussionId,
          organizationId: before.discussionOrganizationId,
          details: changedValues({ pinned: before.pinned, locked: before.locked }, values),
        };
      });
      events.publish({
        organizationId: before.discussionOrganizationId,
        targetId: before.discussionTargetId,
        type: DISCUSSION_EVENTS.changed,
        data: { discussionId: body.discussionId },
      });
      return read(scope, body.discussionId);
    },

    /** The caller has read the discussion: its comments so far are no longer unread. */
    async markRead(caller: Caller, discussionId: string): Promise<number> {
      const scope = authorize(caller, TIETO);
      const discussion = await read(scope, discussionId);
      await discussions.markRead(scope, {
        organizationId: discussion.discussionOrganizationId,
        discussionId,
        userId: caller.userId,
      });
      return (await read(scope, discussionId)).unread;
    },

    /** Who may be @mentioned in the discussion: the users who read it. */
    async mentionable(caller: Caller, discussionId: string, search: string | undefined) {
      const scope = authorize(caller, TIETO);
      const discussion = await read(scope, discussionId);
      return discussions.listMentionable(scope, placeOf(discussion), search);
    },

    /** Whether the caller follows the discussion (mail about new comments). */
    async following(caller: Caller, discussionId: string): Promise<boolean> {
      const scope = authorize(caller, TIETO);
      await read(scope, discussionId);
      return discussions.isFollowing(scope, discussionId, caller.userId);
    },

    /** Starts or stops following a discussion the caller sees. */
    async setFollowing(caller: Caller, discussionId: string, follow: boolean): Promise<boolean> {
      const scope = authorize(caller, TIETO);
      const discussion = await read(scope, discussionId);
      if (follow) {
        await discussions.follow(scope, {
          organizationId: discussion.discussionOrganizationId,
          discussionId,
          userId: caller.userId,
        });
      } else {
        await discussions.unfollow(scope, discussionId, caller.userId);
      }
      return follow;
    },

    // Comments

    async listComments(caller: Caller, discussionId: string, page: Page) {
      const scope = authorize(caller, TIETO);
      await read(scope, discussionId);
      return discussions.listComments(scope, discussionId, page);
    },

    async getComment(caller: Caller, commentId: string): Promise<CommentRecord> {
      const found = await discussions.findComment(authorize(caller, TIETO), commentId);
      if (!found) throw notFound(COMMENT_NOT_FOUND);
      return found;
    },

    async createComment(caller: Caller, body: CreateCommentBody): Promise<CommentRecord> {
      const scope = authorize(caller, TIETO);
      const discussion = await openDiscussion(scope, body.discussionId);
      requireSelf(caller, body.discussionCommentUserId);
      const mentions = await mentioned(scope, discussion, caller, body.mentions);
      const { commentId, mailed } = await db.transaction(async () => {
        const id = await discussions.insertComment(scope, {
          organizationId: discussion.discussionOrganizationId,
          discussionId: discussion.discussionId,
          userId: caller.userId,
          comment: body.discussionComment,
        });
        const saved = (await discussions.findComment(scope, id)) as CommentRecord;
        const told = await notifyMentioned(discussion, saved.fullName, mentions);
        return {
          commentId: id,
          mailed: told + (await notifyFollowers(scope, discussion, caller.userId)),
        };
      });
      if (mailed > 0) mailer.kick();
      events.publish({
        organizationId: discussion.discussionOrganizationId,
        targetId: discussion.discussionTargetId,
        type: DISCUSSION_EVENTS.comment,
        data: { discussionId: discussion.discussionId, discussionCommentId: commentId },
      });
      return (await discussions.findComment(scope, commentId)) as CommentRecord;
    },

    async updateComment(caller: Caller, commentId: string, comment: string) {
      const scope = authorize(caller, TIETO);
      const facts = await discussions.commentFacts(scope, commentId);
      if (!facts) throw notFound(COMMENT_NOT_FOUND);
      requireEditable(caller, facts);
      requireWritten(await discussions.updateComment(scope, commentId, comment), COMMENT_NOT_FOUND);
      events.publish({
        organizationId: facts.organizationId,
        targetId: facts.targetId,
        type: DISCUSSION_EVENTS.comment,
        data: { discussionId: facts.discussionId, discussionCommentId: commentId },
      });
      return (await discussions.findComment(scope, commentId)) as CommentRecord;
    },

    // Sub-comments

    async listSubComments(caller: Caller, commentId: string, page: Page) {
      const scope = authorize(caller, TIETO);
      if (!(await discussions.findComment(scope, commentId))) throw notFound(COMMENT_NOT_FOUND);
      return discussions.listSubComments(scope, commentId, page);
    },

    async createSubComment(caller: Caller, body: CreateSubCommentBody): Promise<SubCommentRecord> {
      const scope = authorize(caller, TIETO);
      const discussion = await openDiscussion(scope, body.discussionId);
      const comment = await discussions.findComment(scope, body.discussionCommentId);
      if (!comment || comment.discussionId !== discussion.discussionId) {
        throw notFound(COMMENT_NOT_FOUND);
      }
      requireSelf(caller, body.discussionSubCommentUserId);
      const mentions = await mentioned(scope, discussion, caller, body.mentions);
      const { id, mailed } = await db.transaction(async () => {
        const subId = await discussions.insertSubComment(scope, {
          organizationId: discussion.discussionOrganizationId,
          discussionId: discussion.discussionId,
          discussionCommentId: comment.discussionCommentId,
          userId: caller.userId,
          comment: body.discussionSubComment,
        });
        const saved = (await discussions.findSubComment(scope, subId)) as SubCommentRecord;
        const told = await notifyMentioned(discussion, saved.fullName, mentions);
        return {
          id: subId,
          mailed: told + (await notifyFollowers(scope, discussion, caller.userId)),
        };
      });
      if (mailed > 0) mailer.kick();
      events.publish({
        organizationId: discussion.discussionOrganizationId,
        targetId: discussion.discussionTargetId,
        type: DISCUSSION_EVENTS.subComment,
        data: {
          discussionId: discussion.discussionId,
          discussionCommentId: comment.discussionCommentId,
          discussionCommentSubId: id,
        },
      });
      return (await discussions.findSubComment(scope, id)) as SubCommentRecord;
    },

    async updateSubComment(caller: Caller, id: string, comment: string) {
      const scope = authorize(caller, TIETO);
      const facts = await discussions.subCommentFacts(scope, id);
      if (!facts) throw notFound(SUB_COMMENT_NOT_FOUND);
      requireEditable(caller, facts);
      requireWritten(await discussions.updateSubComment(scope, id, comment), SUB_COMMENT_NOT_FOUND);
      events.publish({
        organizationId: facts.organizationId,
        targetId: facts.targetId,
        type: DISCUSSION_EVENTS.subComment,
        data: {
          discussionId: facts.discussionId,
          discussionCommentId: facts.discussionCommentId,
          discussionCommentSubId: id,
        },
      });
      return (await discussions.findSubComment(scope, id)) as SubCommentRecord;
    },
  };
}

export type DiscussionsService = ReturnType<typeof createDiscussionsService>;
