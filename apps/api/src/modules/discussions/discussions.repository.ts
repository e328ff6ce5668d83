import {
  COMMENT_EDIT_WINDOW_MS,
  type CommentRecord,
  type DiscussionRecord,
  type SubCommentRecord,
} from '@vahti/domain';
import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  discussionComments,
  discussionFollowers,
  discussionReads,
  discussionSubComments,
  discussions,
  targets,
  users,
  userTargets,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope, targetVisible } from '../../lib/scope.js';

export type DiscussionValues = {
  organizationId: string;
  targetId: string;
  moderatorId: string;
  discussionTitle: string;
  discussionDescription: string;
  discussionState: DiscussionRecord['discussionState'];
};

export interface Page {
  page: number;
  pageSize: number;
}

export interface DiscussionFilter {
  targetIds?: string[];
  organizationId?: string;
  targetId?: string;
  state?: DiscussionRecord['discussionState'];
  /** Words in the title, description, a comment or a reply (full-text, `finnish`). */
  search?: string;
}

/** Who a discussion concerns: the rules of who may read it need its organization and target. */
export interface DiscussionPlace {
  discussionId: string;
  organizationId: string;
  targetId: string;
}

/** What the rules of a comment or sub-comment need to know about it and its discussion. */
export interface CommentFacts {
  id: string;
  discussionId: string;
  organizationId: string;
  targetId: string;
  discussionCommentId: string;
  writerId: string;
  moderatorId: string;
  /** Written less than 15 minutes ago, by the database's clock. */
  withinEditWindow: boolean;
}

const fullName = (u: typeof users) => sql<string>`${u.userFirstName} || ' ' || ${u.userLastName}`;
const iso = (value: Date) => value.toISOString();
const offsetOf = ({ page, pageSize }: Page) => (page - 1) * pageSize;
/**
 * Full-text match of a text column with the `finnish` configuration; the GIN indexes of the
 * schema are on the same expressions. websearch_to_tsquery never fails on user input.
 */
const matches = (document: SQL, search: string) =>
  sql`to_tsvector('finnish', ${document}) @@ websearch_to_tsquery('finnish', ${search})`;
const editWindow = (column: AnyPgColumn) =>
  sql<boolean>`${column} > now() - make_interval(secs => ${COMMENT_EDIT_WINDOW_MS / 1000})`;

/**
 * Discussions, comments and sub-comments. Every read is filtered by the scope's organization and
 * by the targets it may see (a Käyttäjä only linked ones), through the discussion's target;
 * writes reach only rows of the scope's organization.
 */
export function createDiscussionsRepository(db: Db) {
  /** The discussions the scope may read: its organization's, on targets it sees. */
  const visible = (scope: Scope) =>
    and(inScope(discussions.organizationId, scope), targetVisible(db, discussions.targetId, scope));

  const commentCount = db
    .select({ n: sql<number>`count(*)::int` })
    .from(discussionComments)
    .where(eq(discussionComments.discussionId, discussions.discussionId));

  /** Comments and replies by others than the scope's user since they last opened it. */
  const unreadOf = (scope: Scope) => {
    const me = scope.actor?.userId;
    if (!me) return sql<number>`0`;
    const readAt = sql`coalesce((select ${discussionReads.readAt} from ${discussionReads} where ${discussionReads.discussionId} = ${discussions.discussionId} and ${discussionReads.userId} = ${me}), '-infinity'::timestamptz)`;
    return sql<number>`((select count(*) from ${discussionComments} where ${discussionComments.discussionId} = ${discussions.discussionId} and ${discussionComments.userId} <> ${me} and ${discussionComments.createdAt} > ${readAt}) + (select count(*) from ${discussionSubComments} where ${discussionSubComments.discussionId} = ${discussions.discussionId} and ${discussionSubComments.userId} <> ${me} and ${discussionSubComments.createdAt} > ${readAt}))::int`;
  };

  const columnsFor = (scope: Scope) => ({
    ...discussionColumns,
    unread: unreadOf(scope),
  });

  const discussionColumns = {
    discussionId: discussions.discussionId,
    discussionTitle: discussions.discussionTitle,
    discussionDescription: discussions.discussionDescription,
    discussionOrganizationId: discussions.organizationId,
    discussionModerator: discussions.moderatorId,
    moderatorName: fullName(users),
    discussionTargetId: discussions.targetId,
    targetName: targets.targetName,
    discussionState: discussions.discussionState,
    createdAt: discussions.createdAt,
    comments: sql<number>`(${commentCount})`,
    pinned: discussions.pinned,
    locked: discussions.locked,
  };

  /** The discussion's own text, or one of its comments or replies, matches the search. */
  const searched = (search: string) =>
    or(
      matches(
        sql`${discussions.discussionTitle} || ' ' || ${discussions.discussionDescription}`,
        search,
      ),
      sql`exists (select 1 from ${discussionComments} where ${discussionComments.discussionId} = ${discussions.discussionId} and ${matches(sql`${discussionComments.discussionComment}`, search)})`,
      sql`exists (select 1 from ${discussionSubComments} where ${discussionSubComments.discussionId} = ${discussions.discussionId} and ${matches(sql`${discussionSubComments.discussionSubComment}`, search)})`,
    );

  function filtered(scope: Scope, filter: DiscussionFilter, ids?: string[]): SQL | undefined {
    return and(
      visible(scope),
      ids ? inArray(discussions.discussionId, ids) : undefined,
      filter.targetIds ? inArray(discussions.targetId, filter.targetIds) : undefined,
      filter.targetId ? eq(discussions.targetId, filter.targetId) : undefined,
      filter.organizationId ? eq(discussions.organizationId, filter.organizationId) : undefined,
      filter.state ? eq(discussions.discussionState, filter.state) : undefined,
      filter.search ? searched(filter.search) : undefined,
    );
  }

  async function list(
    scope: Scope,
    filter: DiscussionFilter,
    page: Page,
  ): Promise<{ rows: DiscussionRecord[]; total: number }> {
    const where = filtered(scope, filter);
    const [rows, [counted]] = await Promise.all([
      db
        .select(columnsFor(scope))
        .from(discussions)
        .innerJoin(users, eq(users.userId, discussions.moderatorId))
        .innerJoin(targets, eq(targets.targetId, discussions.targetId))
        .where(where)
        .orderBy(
          desc(discussions.pinned),
          desc(discussions.createdAt),
          asc(discussions.discussionId),
        )
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(discussions).where(where),
    ]);
    return {
      rows: rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      total: counted?.n ?? 0,
    };
  }

  async function find(scope: Scope, discussionId: string): Promise<DiscussionRecord | undefined> {
    const [row] = await db
      .select(columnsFor(scope))
      .from(discussions)
      .innerJoin(users, eq(users.userId, discussions.moderatorId))
      .innerJoin(targets, eq(targets.targetId, discussions.targetId))
      .where(filtered(scope, {}, [discussionId]));
    return row && { ...row, createdAt: iso(row.createdAt) };
  }

  const subCount = db
    .select({ n: sql<number>`count(*)::int` })
    .from(discussionSubComments)
    .where(eq(discussionSubComments.discussionCommentId, discussionComments.discussionCommentId));

  const commentColumns = {
    discussionCommentId: discussionComments.discussionCommentId,
    discussionId: discussionComments.discussionId,
    discussionComment: discussionComments.discussionComment,
    discussionCommentUserId: discussionComments.userId,
    fullName: fullName(users),
    createdAt: discussionComments.createdAt,
    updatedAt: discussionComments.updatedAt,
    count: sql<number>`(${subCount})`,
  };

  /** Comments of discussions the scope may read. */
  const commentVisible = (scope: Scope) =>
    and(
      inScope(discussionComments.organizationId, scope),
      inArray(
        discussionComments.discussionId,
        db.select({ id: discussions.discussionId }).from(discussions).where(visible(scope)),
      ),
    );

  const toComment = (row: {
    createdAt: Date;
    updatedAt: Date;
  }): Pick<CommentRecord, 'createdAt' | 'updatedAt'> => ({
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  });

  const subCommentColumns = {
    discussionCommentSubId: discussionSubComments.discussionCommentSubId,
    discussionSubComment: discussionSubComments.discussionSubComment,
    discussionSubCommentUserId: discussionSubComments.userId,
    discussionCommentId: discussionSubComments.discussionCommentId,
    discussionId: discussionSubComments.discussionId,
    fullName: fullName(users),
    createdAt: discussionSubComments.createdAt,
    updatedAt: discussionSubComments.updatedAt,
  };

  const subCommentVisible = (scope: Scope) =>
    and(
      inScope(discussionSubComments.organizationId, scope),
      inArray(
        discussionSubComments.discussionId,
        db.select({ id: discussions.discussionId }).from(discussions).where(visible(scope)),
      ),
    );

  /**
   * The users who read the discussion: active users of its organization with Tieto who see its
   * target (a Käyttäjä only a linked one).
   */
  const readersOf = (discussion: Pick<DiscussionPlace, 'organizationId' | 'targetId'>) =>
    and(
      eq(users.organizationId, discussion.organizationId),
      eq(users.userState, 'Aktiivinen'),
      sql`1 = any(${users.userPermissions})`,
      or(
        ne(users.userRoles, 'Käyttäjä'),
        inArray(
          users.userId,
          db
            .select({ id: userTargets.userId })
            .from(userTargets)
            .where(eq(userTargets.targetId, discussion.targetId)),
        ),
      ),
    );

  return {
    list,
    find,

    /** Pins or locks; returns how many rows changed. */
    async moderate(
      scope: Scope,
      discussionId: string,
      values: { pinned?: boolean; locked?: boolean },
    ): Promise<number> {
      const rows = await db
        .update(discussions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(discussions.discussionId, discussionId),
            inScope(discussions.organizationId, scope),
          ),
        )
        .returning({ id: discussions.discussionId });
      return rows.length;
    },

    /** The user has read the discussion up to now. */
    async markRead(
      scope: Scope,
      values: { organizationId: string; discussionId: string; userId: string },
    ): Promise<void> {
      assertWithin(scope, values.organizationId);
      await db
        .insert(discussionReads)
        .values(values)
        .onConflictDoUpdate({
          target: [discussionReads.discussionId, discussionReads.userId],
          set: { readAt: sql`now()` },
        });
    },

    /** Readers of the discussion whose name contains the text, by name, at most 20. */
    listMentionable(scope: Scope, discussion: DiscussionPlace, search: string | undefined) {
      return db
        .select({ uuid: users.userId, fullName: fullName(users) })
        .from(users)
        .where(
          and(
            inScope(users.organizationId, scope),
            readersOf(discussion),
            search ? sql`strpos(lower(${fullName(users)}), lower(${search})) > 0` : undefined,
          ),
        )
        .orderBy(asc(users.userLastName), asc(users.userFirstName), asc(users.userId))
        .limit(20);
    },

    /** Of the given users, those who read the discussion, with what a mail to them needs. */
    listReaders(scope: Scope, discussion: DiscussionPlace, userIds: string[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          userId: users.userId,
          userEmail: users.userEmail,
          userFirstName: users.userFirstName,
          language: users.language,
        })
        .from(users)
        .where(
          and(
            inScope(users.organizationId, scope),
            inArray(users.userId, userIds),
            readersOf(discussion),
          ),
        );
    },

    async insert(scope: Scope, values: DiscussionValues): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db
        .insert(discussions)
        .values(values)
        .returning({ id: discussions.discussionId });
      if (!row) throw new Error('discussion not stored');
      return row.id;
    },

    /** Saves the discussion (its organization stays); returns how many rows changed. */
    async update(
      scope: Scope,
      discussionId: string,
      values: Omit<DiscussionValues, 'organizationId'>,
    ): Promise<number> {
      const rows = await db
        .update(discussions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(discussions.discussionId, discussionId),
            inScope(discussions.organizationId, scope),
          ),
        )
        .returning({ id: discussions.discussionId });
      return rows.length;
    },

    /** Active users of the organization, by name: who may moderate its discussions. */
    listModerators(scope: Scope, organizationId: string) {
      return db
        .select({ uuid: users.userId, fullName: fullName(users) })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            inScope(users.organizationId, scope),
            eq(users.userState, 'Aktiivinen'),
          ),
        )
        .orderBy(asc(users.userLastName), asc(users.userFirstName), asc(users.userId));
    },

    /** Whether the user is a user of the organization within the scope. */
    async isUserOf(scope: Scope, organizationId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.userId })
        .from(users)
        .where(
          and(
            eq(users.userId, userId),
            eq(users.organizationId, organizationId),
            inScope(users.organizationId, scope),
          ),
        );
      return Boolean(row);
    },

    /** Discussions of the organization in all, and per target that has any. */
    async countByTarget(scope: Scope, organizationId: string) {
      return db
        .select({ targetId: discussions.targetId, discussions: count() })
        .from(discussions)
        .where(and(visible(scope), eq(discussions.organizationId, organizationId)))
        .groupBy(discussions.targetId)
        .orderBy(asc(discussions.targetId));
    },

    // Followers

    /** Starts following (again): nothing changes when the user already follows. */
    async follow(
      scope: Scope,
      values: { organizationId: string; discussionId: string; userId: string },
    ): Promise<void> {
      assertWithin(scope, values.organizationId);
      await db.insert(discussionFollowers).values(values).onConflictDoNothing();
    },

    async unfollow(scope: Scope, discussionId: string, userId: string): Promise<void> {
      await db
        .delete(discussionFollowers)
        .where(
          and(
            eq(discussionFollowers.discussionId, discussionId),
            eq(discussionFollowers.userId, userId),
            inScope(discussionFollowers.organizationId, scope),
          ),
        );
    },

    async isFollowing(scope: Scope, discussionId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: discussionFollowers.userId })
        .from(discussionFollowers)
        .where(
          and(
            eq(discussionFollowers.discussionId, discussionId),
            eq(discussionFollowers.userId, userId),
            inScope(discussionFollowers.organizationId, scope),
          ),
        );
      return Boolean(row);
    },

    /**
     * The followers to tell about a new comment, marked as told in the same statement so that
     * each gets at most one mail per discussion per hour, even with comments arriving at once:
     * not the writer, and only active users with Tieto who still see the discussion's target.
     */
    async claimFollowersToNotify(scope: Scope, discussion: DiscussionPlace, writerId: string) {
      const claimed = await db
        .update(discussionFollowers)
        .set({ lastNotifiedAt: sql`now()` })
        .where(
          and(
            eq(discussionFollowers.discussionId, discussion.discussionId),
            inScope(discussionFollowers.organizationId, scope),
            ne(discussionFollowers.userId, writerId),
            or(
              isNull(discussionFollowers.lastNotifiedAt),
              lt(discussionFollowers.lastNotifiedAt, sql`now() - interval '1 hour'`),
            ),
            inArray(
              discussionFollowers.userId,
              db.select({ id: users.userId }).from(users).where(readersOf(discussion)),
            ),
          ),
        )
        .returning({ userId: discussionFollowers.userId });
      if (claimed.length === 0) return [];
      return db
        .select({
          userEmail: users.userEmail,
          userFirstName: users.userFirstName,
          language: users.language,
        })
        .from(users)
        .where(
          inArray(
            users.userId,
            claimed.map((row) => row.userId),
          ),
        );
    },

    // Comments

    async listComments(
      scope: Scope,
      discussionId: string,
      page: Page,
    ): Promise<{ rows: CommentRecord[]; total: number }> {
      const where = and(commentVisible(scope), eq(discussionComments.discussionId, discussionId));
      const [rows, [counted]] = await Promise.all([
        db
          .select(commentColumns)
          .from(discussionComments)
          .innerJoin(users, eq(users.userId, discussionComments.userId))
          .where(where)
          .orderBy(asc(discussionComments.createdAt), asc(discussionComments.discussionCommentId))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
        db.select({ n: count() }).from(discussionComments).where(where),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, ...toComment(row) })),
        total: counted?.n ?? 0,
      };
    },

    async findComment(scope: Scope, commentId: string): Promise<CommentRecord | undefined> {
      const [row] = await db
        .select(commentColumns)
        .from(discussionComments)
        .innerJoin(users, eq(users.userId, discussionComments.userId))
        .where(and(commentVisible(scope), eq(discussionComments.discussionCommentId, commentId)));
      return row && { ...row, ...toComment(row) };
    },

    /** The comment's facts for the edit rules, if the scope may read it. */
    async commentFacts(scope: Scope, commentId: string): Promise<CommentFacts | undefined> {
      const [row] = await db
        .select({
          id: discussionComments.discussionCommentId,
          discussionId: discussionComments.discussionId,
          organizationId: discussionComments.organizationId,
          targetId: discussions.targetId,
          discussionCommentId: discussionComments.discussionCommentId,
          writerId: discussionComments.userId,
          moderatorId: discussions.moderatorId,
          withinEditWindow: editWindow(discussionComments.createdAt),
        })
        .from(discussionComments)
        .innerJoin(discussions, eq(discussions.discussionId, discussionComments.discussionId))
        .where(and(commentVisible(scope), eq(discussionComments.discussionCommentId, commentId)));
      return row;
    },

    /** Adds a comment under a discussion of the scope's organization. */
    async insertComment(
      scope: Scope,
      values: { organizationId: string; discussionId: string; userId: string; comment: string },
    ): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db
        .insert(discussionComments)
        .values({
          organizationId: values.organizationId,
          discussionId: values.discussionId,
          userId: values.userId,
          discussionComment: values.comment,
        })
        .returning({ id: discussionComments.discussionCommentId });
      if (!row) throw new Error('comment not stored');
      return row.id;
    },

    async updateComment(scope: Scope, commentId: string, comment: string): Promise<number> {
      const rows = await db
        .update(discussionComments)
        .set({ discussionComment: comment, updatedAt: sql`now()` })
        .where(
          and(
            eq(discussionComments.discussionCommentId, commentId),
            inScope(discussionComments.organizationId, scope),
          ),
        )
        .returning({ id: discussionComments.discussionCommentId });
      return rows.length;
    },

    // Sub-comments

    async listSubComments(
      scope: Scope,
      commentId: string,
      page: Page,
    ): Promise<{ rows: SubCommentRecord[]; total: number }> {
      const where = and(
        subCommentVisible(scope),
        eq(discussionSubComments.discussionCommentId, commentId),
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select(subCommentColumns)
          .from(discussionSubComments)
          .innerJoin(users, eq(users.userId, discussionSubComments.userId))
          .where(where)
          .orderBy(
            asc(discussionSubComments.createdAt),
            asc(discussionSubComments.discussionCommentSubId),
          )
          .limit(page.pageSize)
          .offset(offsetOf(page)),
        db.select({ n: count() }).from(discussionSubComments).where(where),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, ...toComment(row) })),
        total: counted?.n ?? 0,
      };
    },

    async findSubComment(scope: Scope, id: string): Promise<SubCommentRecord | undefined> {
      const [row] = await db
        .select(subCommentColumns)
        .from(discussionSubComments)
        .innerJoin(users, eq(users.userId, discussionSubComments.userId))
        .where(and(subCommentVisible(scope), eq(discussionSubComments.discussionCommentSubId, id)));
      return row && { ...row, ...toComment(row) };
    },

    async subCommentFacts(scope: Scope, id: string): Promise<CommentFacts | undefined> {
      const [row] = await db
        .select({
          id: discussionSubComments.discussionCommentSubId,
          discussionId: discussionSubComments.discussionId,
          organizationId: discussionSubComments.organizationId,
          targetId: discussions.targetId,
          discussionCommentId: discussionSubComments.discussionCommentId,
          writerId: discussionSubComments.userId,
          moderatorId: discussions.moderatorId,
          withinEditWindow: editWindow(discussionSubComments.createdAt),
        })
        .from(discussionSubComments)
        .innerJoin(discussions, eq(discussions.discussionId, discussionSubComments.discussionId))
        .where(and(subCommentVisible(scope), eq(discussionSubComments.discussionCommentSubId, id)));
      return row;
    },

    async insertSubComment(
      scope: Scope,
      values: {
        organizationId: string;
        discussionId: string;
        discussionCommentId: string;
        userId: string;
        comment: string;
      },
    ): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db
        .insert(discussionSubComments)
        .values({
          organizationId: values.organizationId,
          discussionId: values.discussionId,
          discussionCommentId: values.discussionCommentId,
          userId: values.userId,
          discussionSubComment: values.comment,
        })
        .returning({ id: discussionSubComments.discussionCommentSubId });
      if (!row) throw new Error('sub-comment not stored');
      return row.id;
    },

    async updateSubComment(scope: Scope, id: string, comment: string): Promise<number> {
      const rows = await db
        .update(discussionSubComments)
        .set({ discussionSubComment: comment, updatedAt: sql`now()` })
        .where(
          and(
            eq(discussionSubComments.discussionCommentSubId, id),
            inScope(discussionSubComments.organizationId, scope),
          ),
        )
        .returning({ id: discussionSubComments.discussionCommentSubId });
      return rows.length;
    },
  };
}

export type DiscussionsRepository = ReturnType<typeof createDiscussionsRepository>;
