import type { QueryRecord, State, SurveyQuestion } from '@vahti/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  organizations,
  queries,
  queryQuestions,
  queryResults,
  queryTargets,
  questionGroups,
  questions,
  targets,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope, targetVisible } from '../../lib/scope.js';

export interface GroupValues {
  organizationId: string;
  name: string;
  description: string;
  state: State;
}

export interface QuestionValues {
  organizationId: string;
  groupId: string;
  description: string;
  state: State;
}

export interface QueryValues {
  organizationId: string;
  title: string;
  description: string;
  state: State;
  /** undefined keeps the stored day (an update), null removes it. */
  opensOn?: string | null | undefined;
  closesOn?: string | null | undefined;
}

export interface QueryFilter {
  queryIds?: string[];
  organizationId?: string;
  /** Surveys that concern any of these targets. */
  targetIds?: string[];
  activeOnly?: boolean;
}

/**
 * Question groups, questions and surveys of an organization. Reads see the scope's organization
 * (every one for the top administrator); a Käyttäjä sees only the surveys that concern a target
 * linked to them. Writes reach only the scope's organization.
 */
export function createSurveysRepository(db: Db) {
  const groupColumns = {
    id: questionGroups.id,
    queryQuestionGroupName: questionGroups.name,
    queryQuestionGroupDescrption: questionGroups.description,
    queryQuestionGroupState: questionGroups.state,
    organizationId: questionGroups.organizationId,
    organizationName: organizations.organizationName,
  };

  async function listGroups(scope: Scope, ids?: string[]) {
    if (ids?.length === 0) return [];
    const rows = await db
      .select(groupColumns)
      .from(questionGroups)
      .innerJoin(organizations, eq(organizations.organizationId, questionGroups.organizationId))
      .where(
        and(
          inScope(questionGroups.organizationId, scope),
          ids ? inArray(questionGroups.id, ids) : undefined,
        ),
      )
      .orderBy(asc(questionGroups.name), asc(questionGroups.id));
    return rows.map(({ organizationName, ...row }) => ({
      ...row,
      Organization: { organizationName },
    }));
  }

  async function listQuestions(scope: Scope, ids?: string[]) {
    if (ids?.length === 0) return [];
    const rows = await db
      .select({
        id: questions.id,
        questionDescription: questions.description,
        questionGroup: questions.groupId,
        questionState: questions.state,
        organizationId: questions.organizationId,
        groupName: questionGroups.name,
      })
      .from(questions)
      .innerJoin(questionGroups, eq(questionGroups.id, questions.groupId))
      .where(
        and(inScope(questions.organizationId, scope), ids ? inArray(questions.id, ids) : undefined),
      )
      .orderBy(asc(questionGroups.name), asc(questions.description), asc(questions.id));
    return rows.map(({ groupName, ...row }) => ({
      ...row,
      TietoQuestionGroup: { id: row.questionGroup, queryQuestionGroupName: groupName },
    }));
  }

  /** The surveys a Käyttäjä may see: those concerning a target linked to them. */
  const queryVisible = (scope: Scope) =>
    and(
      inScope(queries.organizationId, scope),
      scope.linkedUserId === null
        ? undefined
        : inArray(
            queries.id,
            db
              .select({ id: queryTargets.queryId })
              .from(queryTargets)
              .where(targetVisible(db, queryTargets.targetId, scope)),
          ),
    );

  /** The surveys in scope, newest first, with their targets, questions and answer counts. */
  async function listQueries(scope: Scope, filter: QueryFilter = {}): Promise<QueryRecord[]> {
    if (filter.queryIds?.length === 0 || filter.targetIds?.length === 0) return [];
    const rows = await db
      .select({
        queryId: queries.id,
        queryTitle: queries.title,
        queryDescription: queries.description,
        queryOrganization: queries.organizationId,
        queryState: queries.state,
        queryOpensOn: queries.opensOn,
        queryClosesOn: queries.closesOn,
        remindedAt: queries.remindedAt,
        queryReminderCount: queries.reminderCount,
        organizationName: organizations.organizationName,
        createdAt: queries.createdAt,
        answerCount: sql<number>`(select count(*)::int from ${queryResults} where ${queryResults.queryId} = ${queries.id})`,
      })
      .from(queries)
      .innerJoin(organizations, eq(organizations.organizationId, queries.organizationId))
      .where(
        and(
          queryVisible(scope),
          filter.queryIds ? inArray(queries.id, filter.queryIds) : undefined,
          filter.organizationId ? eq(queries.organizationId, filter.organizationId) : undefined,
          filter.activeOnly ? eq(queries.state, 'Aktiivinen') : undefined,
          filter.targetIds
            ? inArray(
                queries.id,
                db
                  .select({ id: queryTargets.queryId })
                  .from(queryTargets)
                  .where(inArray(queryTargets.targetId, filter.targetIds)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(queries.createdAt), asc(queries.id));
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.queryId);
    const [targetRows, questionRows] = await Promise.all([
      db
        .select({
          queryId: queryTargets.queryId,
          targetId: targets.targetId,
          targetName: targets.targetName,
        })
        .from(queryTargets)
        .innerJoin(targets, eq(targets.targetId, queryTargets.targetId))
        // A Käyttäjä reads only the names of their own targets.
        .where(
          and(inArray(queryTargets.queryId, ids), targetVisible(db, queryTargets.targetId, scope)),
        )
        .orderBy(asc(targets.targetName), asc(targets.targetId)),
      db
        .select({ queryId: queryQuestions.queryId, questionId: queryQuestions.questionId })
        .from(queryQuestions)
        .where(inArray(queryQuestions.queryId, ids))
        .orderBy(asc(queryQuestions.position)),
    ]);
    return rows.map(({ organizationName, createdAt, remindedAt, ...row }) => {
      const own = targetRows
        .filter((target) => target.queryId === row.queryId)
        .map(({ queryId: _, ...target }) => target);
      return {
        ...row,
        queryTargets: own.map((target) => target.targetId),
        queryQuestions: questionRows
          .filter((question) => question.queryId === row.queryId)
          .map((question) => question.questionId),
        Organization: { organizationName },
        Targets: own,
        queryRemindedAt: remindedAt?.toISOString() ?? null,
        createdAt: createdAt.toISOString(),
      };
    });
  }

  return {
    listGroups,
    async findGroup(scope: Scope, id: string) {
      const [group] = await listGroups(scope, [id]);
      return group;
    },
    async insertGroup(scope: Scope, values: GroupValues): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db
        .insert(questionGroups)
        .values(values)
        .returning({ id: questionGroups.id });
      if (!row) throw new Error('question group not stored');
      return row.id;
    },
    /** Saves a group in scope (its organization stays); returns the rows changed. */
    async updateGroup(scope: Scope, id: string, values: Omit<GroupValues, 'organizationId'>) {
      const rows = await db
        .update(questionGroups)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(questionGroups.id, id), inScope(questionGroups.organizationId, scope)))
        .returning({ id: questionGroups.id });
      return rows.length;
    },

    listQuestions,
    async findQuestion(scope: Scope, id: string) {
      const [question] = await listQuestions(scope, [id]);
      return question;
    },
    async insertQuestion(scope: Scope, values: QuestionValues): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db.insert(questions).values(values).returning({ id: questions.id });
      if (!row) throw new Error('question not stored');
      return row.id;
    },
    /** Saves a question in scope; the group must be of the question's organization. */
    async updateQuestion(scope: Scope, id: string, values: Omit<QuestionValues, 'organizationId'>) {
      const rows = await db
        .update(questions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(questions.id, id),
            inScope(questions.organizationId, scope),
            inArray(
              questions.organizationId,
              db
                .select({ id: questionGroups.organizationId })
                .from(questionGroups)
                .where(eq(questionGroups.id, values.groupId)),
            ),
          ),
        )
        .returning({ id: questions.id });
      return rows.length;
    },

    /** Which of the questions exist in the organization (within the scope). */
    async listQuestionIdsOfOrganization(scope: Scope, organizationId: string, ids: string[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: questions.id })
        .from(questions)
        .where(
          and(
            inArray(questions.id, ids),
            eq(questions.organizationId, organizationId),
            inScope(questions.organizationId, scope),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** An active question of the organization worded exactly so (the alarm follow-up's). */
    async findActiveQuestionId(scope: Scope, organizationId: string, description: string) {
      const [row] = await db
        .select({ id: questions.id })
        .from(questions)
        .where(
          and(
            eq(questions.organizationId, organizationId),
            inScope(questions.organizationId, scope),
            eq(questions.description, description),
            eq(questions.state, 'Aktiivinen'),
          ),
        )
        .orderBy(asc(questions.createdAt))
        .limit(1);
      return row?.id;
    },

    listQueries,
    async findQuery(scope: Scope, queryId: string) {
      const [query] = await listQueries(scope, { queryIds: [queryId] });
      return query;
    },
    async insertQuery(scope: Scope, values: QueryValues): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db.insert(queries).values(values).returning({ id: queries.id });
      if (!row) throw new Error('survey not stored');
      return row.id;
    },
    async updateQuery(scope: Scope, queryId: string, values: Omit<QueryValues, 'organizationId'>) {
      const rows = await db
        .update(queries)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(queries.id, queryId), inScope(queries.organizationId, scope)))
        .returning({ id: queries.id });
      return rows.length;
    },

    /** Makes exactly these the survey's targets (only targets of the survey's organization). */
    async setQueryTargets(scope: Scope, queryId: string, targetIds: string[]) {
      const owned = db
        .select({ id: queries.id })
        .from(queries)
        .where(and(eq(queries.id, queryId), inScope(queries.organizationId, scope)));
      await db
        .delete(queryTargets)
        .where(and(eq(queryTargets.queryId, queryId), inArray(queryTargets.queryId, owned)));
      if (targetIds.length === 0) return;
      await db.insert(queryTargets).select(
        db
          .select({ queryId: queries.id, targetId: targets.targetId })
          .from(queries)
          .innerJoin(targets, eq(targets.organizationId, queries.organizationId))
          .where(
            and(
              eq(queries.id, queryId),
              inScope(queries.organizationId, scope),
              inArray(targets.targetId, targetIds),
            ),
          ),
      );
    },

    /** Makes exactly these the survey's questions, in this order. */
    async setQueryQuestions(scope: Scope, queryId: string, questionIds: string[]) {
      const [owned] = await db
        .select({ organizationId: queries.organizationId })
        .from(queries)
        .where(and(eq(queries.id, queryId), inScope(queries.organizationId, scope)));
      if (!owned) return;
      await db.delete(queryQuestions).where(eq(queryQuestions.queryId, queryId));
      if (questionIds.length === 0) return;
      await db
        .insert(queryQuestions)
        .values(questionIds.map((questionId, position) => ({ queryId, questionId, position })));
    },

    /**
     * A survey's questions by section: a section is a question group, placed where its first
     * question is in the survey; within a section, the survey's order (ADR 0052).
     */
    async listSurveyQuestions(scope: Scope, queryId: string): Promise<SurveyQuestion[]> {
      return db
        .select({
          id: questions.id,
          questionDescription: questions.description,
          questionGroup: questions.groupId,
          queryQuestionGroupName: questionGroups.name,
          queryQuestionGroupDescrption: questionGroups.description,
          position: queryQuestions.position,
        })
        .from(queryQuestions)
        .innerJoin(questions, eq(questions.id, queryQuestions.questionId))
        .innerJoin(questionGroups, eq(questionGroups.id, questions.groupId))
        .innerJoin(queries, eq(queries.id, queryQuestions.queryId))
        .where(and(eq(queryQuestions.queryId, queryId), queryVisible(scope)))
        .orderBy(
          sql`min(${queryQuestions.position}) over (partition by ${questions.groupId})`,
          asc(queryQuestions.position),
        );
    },
  };
}

export type SurveysRepository = ReturnType<typeof createSurveysRepository>;
