import type { AnswerValue, ResultRecord } from '@vahti/domain';
import { and, asc, count, desc, eq, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  queries,
  queryAnswers,
  queryResults,
  queryTargets,
  targets,
  users,
  userTargets,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope, targetVisible } from '../../lib/scope.js';

/** The most answers the raw list (all-results) returns at once. */
export const RESULTS_LIST_MAX = 5000;

export interface ResultValues {
  organizationId: string;
  queryId: string;
  targetId: string;
  userId: string;
  comment: string | null;
}

/**
 * Survey answers. One per user, survey and target (the unique key
 * query_results_query_target_user_key); reads are scoped to the organization and, for a role
 * limited to its targets, to those targets.
 */
export function createSurveyResultsRepository(db: Db) {
  const where = (scope: Scope, queryId: string, targetId?: string) =>
    and(
      eq(queryResults.queryId, queryId),
      inScope(queryResults.organizationId, scope),
      targetVisible(db, queryResults.targetId, scope),
      targetId ? eq(queryResults.targetId, targetId) : undefined,
    );

  return {
    /** The target, when the scope sees it: its organization. */
    async findVisibleTarget(scope: Scope, targetId: string) {
      const [row] = await db
        .select({ targetId: targets.targetId, organizationId: targets.organizationId })
        .from(targets)
        .where(and(eq(targets.targetId, targetId), targetVisible(db, targets.targetId, scope)));
      return row;
    },

    async hasAnswered(scope: Scope, queryId: string, targetId: string, userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(queryResults)
        .where(and(where(scope, queryId, targetId), eq(queryResults.userId, userId)));
      return (row?.n ?? 0) > 0;
    },

    /** Stores the answer and its values; a second one violates the unique key. */
    async insert(
      scope: Scope,
      values: ResultValues,
      answers: { questionId: string; value: number }[],
    ): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db.insert(queryResults).values(values).returning({ id: queryResults.id });
      if (!row) throw new Error('survey answer not stored');
      if (answers.length > 0) {
        await db.insert(queryAnswers).values(answers.map((a) => ({ resultId: row.id, ...a })));
      }
      return row.id;
    },

    /**
     * The survey's audience who have not answered it: active users with Tieto linked to one of
     * its targets, in the survey's organization, with no answer to it for any target.
     */
    async listUnanswered(scope: Scope, queryId: string, organizationId: string) {
      assertWithin(scope, organizationId);
      return db
        .selectDistinct({
          userId: users.userId,
          email: users.userEmail,
          firstName: users.userFirstName,
          language: users.language,
        })
        .from(users)
        .innerJoin(userTargets, eq(userTargets.userId, users.userId))
        .innerJoin(
          queryTargets,
          and(eq(queryTargets.targetId, userTargets.targetId), eq(queryTargets.queryId, queryId)),
        )
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.userState, 'Aktiivinen'),
            sql`1 = any(${users.userPermissions})`,
            notExists(
              db
                .select({ one: sql`1` })
                .from(queryResults)
                .where(
                  and(eq(queryResults.queryId, queryId), eq(queryResults.userId, users.userId)),
                ),
            ),
          ),
        )
        .orderBy(asc(users.userEmail));
    },

    /**
     * Notes a reminder unless the last one went less than `intervalHours` ago; undefined then.
     * One statement, so two reminders sent at once cannot both pass.
     */
    async markReminded(scope: Scope, queryId: string, intervalHours: number) {
      const [row] = await db
        .update(queries)
        .set({ remindedAt: sql`now()`, reminderCount: sql`${queries.reminderCount} + 1` })
        .where(
          and(
            eq(queries.id, queryId),
            inScope(queries.organizationId, scope),
            or(
              isNull(queries.remindedAt),
              lte(queries.remindedAt, sql`now() - make_interval(hours => ${intervalHours})`),
            ),
          ),
        )
        .returning({ remindedAt: queries.remindedAt, reminderCount: queries.reminderCount });
      return row;
    },

    /** Counts of each value per question, and how many answers there are. */
    async countValues(scope: Scope, queryId: string, targetId?: string) {
      const [values, [total]] = await Promise.all([
        db
          .select({ questionId: queryAnswers.questionId, value: queryAnswers.value, n: count() })
          .from(queryAnswers)
          .innerJoin(queryResults, eq(queryResults.id, queryAnswers.resultId))
          .where(where(scope, queryId, targetId))
          .groupBy(queryAnswers.questionId, queryAnswers.value),
        db
          .select({ n: count() })
          .from(queryResults)
          .where(where(scope, queryId, targetId)),
      ]);
      return { values, answerCount: total?.n ?? 0 };
    },

    /** The answers one by one, newest first, at most RESULTS_LIST_MAX. */
    async list(scope: Scope, queryId: string, targetId?: string): Promise<ResultRecord[]> {
      const rows = await db
        .select({
          id: queryResults.id,
          queryId: queryResults.queryId,
          queryUserId: queryResults.userId,
          queryTargetId: queryResults.targetId,
          targetName: targets.targetName,
          queryComment: queryResults.comment,
          createdAt: queryResults.createdAt,
          answers: sql<Record<
            string,
            number
          > | null>`(select json_object_agg(${queryAnswers.questionId}, ${queryAnswers.value}) from ${queryAnswers} where ${queryAnswers.resultId} = ${queryResults.id})`,
        })
        .from(queryResults)
        .innerJoin(targets, eq(targets.targetId, queryResults.targetId))
        .where(where(scope, queryId, targetId))
        .orderBy(desc(queryResults.createdAt), asc(queryResults.id))
        .limit(RESULTS_LIST_MAX);
      return rows.map(({ answers, createdAt, ...row }) => ({
        ...row,
        answers: Object.fromEntries(
          Object.entries(answers ?? {}).map(([id, value]) => [id, String(value) as AnswerValue]),
        ),
        createdAt: new Date(createdAt).toISOString(),
      }));
    },
  };
}

export type SurveyResultsRepository = ReturnType<typeof createSurveyResultsRepository>;
