import type { FeedbackRecord, FeedbackState } from '@vahti/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { feedbacks, targets, users } from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope, targetVisible } from '../../lib/scope.js';

/** The most feedback a list returns at once, newest first. */
export const FEEDBACK_LIST_MAX = 1000;

export interface FeedbackFilter {
  ids?: string[];
  organizationId?: string;
  targetId?: string;
  state?: FeedbackState;
  /** The sender's own feedback ('Omat palautteet'). */
  userId?: string;
}

export interface FeedbackValues {
  title: string;
  message: string;
  targetId: string;
}

/** What staff write: the state and their reply (never the sender's words). */
export interface FeedbackStaffValues {
  state: FeedbackState;
  reply: string | null;
  /** Set when the reply changed: who wrote it. */
  repliedBy?: string;
}

const repliers = alias(users, 'repliers');

/**
 * Tieto feedback. Reads and writes reach the scope's organization (every one for the top
 * administrator) and only targets the scope sees.
 */
export function createFeedbackRepository(db: Db) {
  const visible = (scope: Scope) =>
    and(inScope(feedbacks.organizationId, scope), targetVisible(db, feedbacks.targetId, scope));

  async function list(scope: Scope, filter: FeedbackFilter = {}): Promise<FeedbackRecord[]> {
    if (filter.ids?.length === 0) return [];
    const rows = await db
      .select({
        id: feedbacks.id,
        feedbackTitle: feedbacks.title,
        feedbackTargetId: feedbacks.targetId,
        feedbackMessage: feedbacks.message,
        organizationId: feedbacks.organizationId,
        feedbackState: feedbacks.state,
        feedbackReply: feedbacks.reply,
        repliedAt: feedbacks.repliedAt,
        replierFirstName: repliers.userFirstName,
        replierLastName: repliers.userLastName,
        senderFirstName: users.userFirstName,
        senderLastName: users.userLastName,
        feedbackPhoto: sql<boolean>`${feedbacks.photo} is not null`,
        targetName: targets.targetName,
        createdAt: feedbacks.createdAt,
        updatedAt: feedbacks.updatedAt,
      })
      .from(feedbacks)
      .innerJoin(targets, eq(targets.targetId, feedbacks.targetId))
      .leftJoin(users, eq(users.userId, feedbacks.userId))
      .leftJoin(repliers, eq(repliers.userId, feedbacks.repliedBy))
      .where(
        and(
          visible(scope),
          filter.ids ? inArray(feedbacks.id, filter.ids) : undefined,
          filter.organizationId ? eq(feedbacks.organizationId, filter.organizationId) : undefined,
          filter.targetId ? eq(feedbacks.targetId, filter.targetId) : undefined,
          filter.state ? eq(feedbacks.state, filter.state) : undefined,
          filter.userId ? eq(feedbacks.userId, filter.userId) : undefined,
        ),
      )
      .orderBy(desc(feedbacks.createdAt), asc(feedbacks.id))
      .limit(FEEDBACK_LIST_MAX);
    const fullName = (first: string | null, last: string | null) =>
      first === null ? null : `${first} ${last ?? ''}`.trim();
    return rows.map(
      ({
        senderFirstName,
        senderLastName,
        replierFirstName,
        replierLastName,
        targetName,
        repliedAt,
        createdAt,
        updatedAt,
        ...row
      }) => ({
        ...row,
        repliedAt: repliedAt?.toISOString() ?? null,
        replierName: row.feedbackReply ? fullName(replierFirstName, replierLastName) : null,
        senderName: fullName(senderFirstName, senderLastName),
        Targets: [{ targetName }],
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      }),
    );
  }

  return {
    list,

    async find(scope: Scope, id: string) {
      const [row] = await list(scope, { ids: [id] });
      return row;
    },

    /** The target, when the scope sees it: its organization. */
    async findVisibleTarget(scope: Scope, targetId: string) {
      const [row] = await db
        .select({ targetId: targets.targetId, organizationId: targets.organizationId })
        .from(targets)
        .where(and(eq(targets.targetId, targetId), targetVisible(db, targets.targetId, scope)));
      return row;
    },

    async insert(
      scope: Scope,
      values: FeedbackValues & { organizationId: string; userId: string },
    ): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db.insert(feedbacks).values(values).returning({ id: feedbacks.id });
      if (!row) throw new Error('feedback not stored');
      return row.id;
    },

    /** Saves the staff's state and reply. Returns the rows changed (0: not in scope). */
    async update(scope: Scope, id: string, values: FeedbackStaffValues) {
      const rows = await db
        .update(feedbacks)
        .set({
          state: values.state,
          reply: values.reply,
          ...(values.repliedBy && { repliedBy: values.repliedBy, repliedAt: sql`now()` }),
          ...(values.reply === null && { repliedBy: null, repliedAt: null }),
          updatedAt: sql`now()`,
        })
        .where(and(eq(feedbacks.id, id), visible(scope)))
        .returning({ id: feedbacks.id });
      return rows.length;
    },

    /**
     * The feedback's photo object name (null: none); undefined when the feedback is not in
     * scope or, with `senderId`, not sent by that user.
     */
    async photoOf(scope: Scope, id: string, senderId?: string) {
      const [row] = await db
        .select({
          photo: feedbacks.photo,
          organizationId: feedbacks.organizationId,
          targetId: feedbacks.targetId,
        })
        .from(feedbacks)
        .where(
          and(
            eq(feedbacks.id, id),
            visible(scope),
            senderId ? eq(feedbacks.userId, senderId) : undefined,
          ),
        );
      return row;
    },

    /** Points the sender's feedback at a new photo; returns the rows changed. */
    async setPhoto(scope: Scope, id: string, senderId: string, photo: string) {
      const rows = await db
        .update(feedbacks)
        .set({ photo, updatedAt: sql`now()` })
        .where(and(eq(feedbacks.id, id), visible(scope), eq(feedbacks.userId, senderId)))
        .returning({ id: feedbacks.id });
      return rows.length;
    },

    /** The sender's address, name and mail language, when their account still exists. */
    async findSender(scope: Scope, feedbackId: string) {
      const [row] = await db
        .select({
          email: users.userEmail,
          firstName: users.userFirstName,
          language: users.language,
        })
        .from(feedbacks)
        .innerJoin(users, eq(users.userId, feedbacks.userId))
        .where(and(eq(feedbacks.id, feedbackId), visible(scope)));
      return row;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
