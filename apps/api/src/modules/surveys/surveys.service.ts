import type {
  CreateQuestionBody,
  CreateQuestionGroupBody,
  createQueryBody,
  QueryForTargetQuery,
  QueryRecord,
  QuestionGroupRecord,
  QuestionRecord,
  UpdateQuestionBody,
  UpdateQuestionGroupBody,
  updateQueryBody,
  ValidationKey,
} from '@vahti/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { authorize, crossesOrganizations, homeOrganization, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { TargetsRepository } from '../targets/targets.repository.js';
import { invalidField } from './invalid-field.js';
import type { SurveyResultsRepository } from './survey-results.repository.js';
import type { SurveysRepository } from './surveys.repository.js';

const MANAGE = { do: 'manageSurveys' } as const;
const TIETO = { do: 'openSection', section: 'tieto' } as const;

/** The bodies as validated (queryQuestions split into ids). */
type CreateQuery = z.output<typeof createQueryBody>;
type UpdateQuery = z.output<typeof updateQueryBody>;

/**
 * Question groups, questions and surveys (spec 001 §2 Tieto 2–5, §7). Management is for the
 * roles above Käyttäjä with Tieto; reading a survey to answer it is for every Tieto user who sees
 * one of its targets.
 */
/** A survey closes on its opening day at the earliest. */
function requireDays(opensOn: string | null, closesOn: string | null) {
  if (opensOn && closesOn && closesOn < opensOn) {
    throw invalidField('queryClosesOn', 'surveys.closesBeforeOpens');
  }
}

export function createSurveysService({
  db,
  surveys,
  results,
  organizations,
  targets,
  audit,
}: {
  db: Db;
  surveys: SurveysRepository;
  targets: Pick<TargetsRepository, 'listIdsOfOrganization'>;
  results: Pick<SurveyResultsRepository, 'findVisibleTarget' | 'hasAnswered'>;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: AuditService;
}) {
  const audited = auditedChanges({ db, audit });

  async function readGroup(scope: Scope, id: string): Promise<QuestionGroupRecord> {
    const group = await surveys.findGroup(scope, id);
    if (!group) throw notFound('surveys.QUESTION_GROUP_NOT_FOUND');
    return group;
  }

  async function readQuestion(scope: Scope, id: string): Promise<QuestionRecord> {
    const question = await surveys.findQuestion(scope, id);
    if (!question) throw notFound('surveys.QUESTION_NOT_FOUND');
    return question;
  }

  async function readQuery(scope: Scope, queryId: string): Promise<QueryRecord> {
    const query = await surveys.findQuery(scope, queryId);
    if (!query) throw notFound('surveys.QUERY_NOT_FOUND');
    return query;
  }

  /** The organization of a new group or survey: the own, or the one the top role names. */
  async function organizationFor(
    scope: Scope,
    requested: string | undefined,
    field: string,
    missing: ValidationKey,
  ) {
    if (crossesOrganizations(scope) && !requested) throw invalidField(field, missing);
    const organizationId = homeOrganization(scope, requested, field);
    if (crossesOrganizations(scope) && !(await organizations.lookup(scope, organizationId))) {
      throw notFound('ORGANIZATION_NOT_FOUND');
    }
    return organizationId;
  }

  /**
   * Every question and target must exist in the survey's organization: an id the caller cannot
   * see answers 404; one of another organization the top administrator sees answers 400.
   */
  async function requireParts(
    scope: Scope,
    organizationId: string,
    questionIds: string[],
    targetIds: string[],
  ) {
    const [ownQuestions, visibleQuestions, ownTargets, visibleTargets] = await Promise.all([
      surveys.listQuestionIdsOfOrganization(scope, organizationId, questionIds),
      surveys.listQuestions(scope, questionIds),
      targets.listIdsOfOrganization(scope, organizationId, targetIds),
      Promise.all(targetIds.map((id) => results.findVisibleTarget(scope, id))),
    ]);
    if (visibleQuestions.length !== questionIds.length)
      throw notFound('surveys.QUESTION_NOT_FOUND');
    if (visibleTargets.some((target) => !target)) throw notFound('TARGET_NOT_FOUND');
    if (ownQuestions.length !== questionIds.length) {
      throw invalidField('queryQuestions', 'surveys.questionsOfAnotherOrganization');
    }
    if (ownTargets.length !== targetIds.length) {
      throw invalidField('queryTargets', 'surveys.targetsOfAnotherOrganization');
    }
  }

  const sameIds = (a: string[], b: string[]) =>
    a.length === b.length && a.every((x, i) => x === b[i]);

  return {
    // ------------------------------------------------------------ question groups

    listGroups: (caller: Caller) => surveys.listGroups(authorize(caller, MANAGE)),

    async createGroup(caller: Caller, body: CreateQuestionGroupBody) {
      const scope = authorize(caller, MANAGE);
      const organizationId = await organizationFor(
        scope,
        body.organizationId,
        'organizationId',
        'required',
      );
      const values = {
        organizationId,
        name: body.queryQuestionGroupName,
        description: body.queryQuestionGroupDescrption,
        state: body.queryQuestionGroupState,
      };
      const { entityId: id } = await audited(scope, async () => {
        const newId = await surveys.insertGroup(scope, values);
        return {
          action: 'questionGroup.create',
          entityId: newId,
          organizationId,
          details: body,
        };
      });
      return readGroup(scope, id);
    },

    async updateGroup(caller: Caller, body: UpdateQuestionGroupBody) {
      const scope = authorize(caller, MANAGE);
      const before = await readGroup(scope, body.id);
      await audited(scope, async () => {
        requireWritten(
          await surveys.updateGroup(scope, body.id, {
            name: body.queryQuestionGroupName,
            description: body.queryQuestionGroupDescrption,
            state: body.queryQuestionGroupState,
          }),
          'surveys.QUESTION_GROUP_NOT_FOUND',
        );
        return {
          action: 'questionGroup.update',
          entityId: body.id,
          organizationId: before.organizationId,
          details: body,
        };
      });
      return readGroup(scope, body.id);
    },

    // ------------------------------------------------------------ questions

    listQuestions: (caller: Caller) => surveys.listQuestions(authorize(caller, MANAGE)),

    /** A question belongs to its group's organization. */
    async createQuestion(caller: Caller, body: CreateQuestionBody) {
      const scope = authorize(caller, MANAGE);
      const group = await readGroup(scope, body.questionGroup);
      const { entityId: id } = await audited(scope, async () => {
        const newId = await surveys.insertQuestion(scope, {
          organizationId: group.organizationId,
          groupId: group.id,
          description: body.questionDescription,
          state: body.questionState,
        });
        return {
          action: 'question.create',
          entityId: newId,
          organizationId: group.organizationId,
          details: body,
        };
      });
      return readQuestion(scope, id);
    },

    /** The new group must be of the question's organization. */
    async updateQuestion(caller: Caller, body: UpdateQuestionBody) {
      const scope = authorize(caller, MANAGE);
      const before = await readQuestion(scope, body.id);
      const group = await readGroup(scope, body.questionGroup);
      if (group.organizationId !== before.organizationId) {
        throw invalidField('questionGroup', 'surveys.groupRequired');
      }
      await audited(scope, async () => {
        requireWritten(
          await surveys.updateQuestion(scope, body.id, {
            groupId: group.id,
            description: body.questionDescription,
            state: body.questionState,
          }),
          'surveys.QUESTION_NOT_FOUND',
        );
        return {
          action: 'question.update',
          entityId: body.id,
          organizationId: before.organizationId,
          details: body,
        };
      });
      return readQuestion(scope, body.id);
    },

    // ------------------------------------------------------------ surveys

    listQueries: (caller: Caller) => surveys.listQueries(authorize(caller, MANAGE)),

    /** The surveys of an organization (own when left out) that the caller sees. */
    async listOfOrganization(caller: Caller, organizationId = caller.organizationId) {
      const scope = authorize(caller, TIETO);
      if (!(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      return surveys.listQueries(scope, { organizationId });
    },

    /**
     * The active surveys concerning any of the targets (every target the caller sees when left
     * out); a target the caller does not see answers TARGET_NOT_FOUND.
     */
    async listOfTargets(caller: Caller, targetIds?: string[]) {
      const scope = authorize(caller, TIETO);
      if (targetIds) {
        const unique = [...new Set(targetIds)];
        const found = await Promise.all(unique.map((id) => results.findVisibleTarget(scope, id)));
        if (found.some((target) => !target)) throw notFound('TARGET_NOT_FOUND');
        return surveys.listQueries(scope, { targetIds: unique, activeOnly: true });
      }
      return surveys.listQueries(scope, { activeOnly: true });
    },

    async questionsOf(caller: Caller, queryId: string) {
      const scope = authorize(caller, TIETO);
      await readQuery(scope, queryId);
      return surveys.listSurveyQuestions(scope, queryId);
    },

    /**
     * The survey to answer for a target: the one named, or the target's newest active one. It
     * must concern the target (TARGET_NOT_FOUND for a target the caller does not see,
     * QUERY_NOT_FOUND when no survey fits).
     */
    async forTarget(caller: Caller, input: QueryForTargetQuery) {
      const scope = authorize(caller, TIETO);
      const target = await results.findVisibleTarget(scope, input.queryTargetId);
      if (!target) throw notFound('TARGET_NOT_FOUND');
      if (input.queryOrganization && input.queryOrganization !== target.organizationId) {
        throw notFound('TARGET_NOT_FOUND');
      }
      const candidates = await surveys.listQueries(scope, {
        targetIds: [target.targetId],
        activeOnly: true,
        ...(input.queryId && { queryIds: [input.queryId] }),
      });
      const [query] = candidates;
      if (!query) throw notFound('surveys.QUERY_NOT_FOUND');
      const [questions, answered] = await Promise.all([
        surveys.listSurveyQuestions(scope, query.queryId),
        results.hasAnswered(scope, query.queryId, target.targetId, caller.userId),
      ]);
      return { query, questions, answered };
    },

    async createQuery(caller: Caller, body: CreateQuery) {
      const scope = authorize(caller, MANAGE);
      const organizationId = await organizationFor(
        scope,
        body.queryOrganization,
        'queryOrganization',
        'surveys.organizationRequired',
      );
      await requireParts(scope, organizationId, body.queryQuestions, body.queryTargets);
      requireDays(body.queryOpensOn ?? null, body.queryClosesOn ?? null);
      const values = {
        organizationId,
        title: body.queryTitle,
        description: body.queryDescription,
        state: body.queryState,
        opensOn: body.queryOpensOn ?? null,
        closesOn: body.queryClosesOn ?? null,
      };
      const { entityId: queryId } = await audited(scope, async () => {
        const id = await surveys.insertQuery(scope, values);
        await surveys.setQueryTargets(scope, id, body.queryTargets);
        await surveys.setQueryQuestions(scope, id, body.queryQuestions);
        return {
          action: 'query.create',
          entityId: id,
          organizationId,
          details: body,
        };
      });
      return readQuery(scope, queryId);
    },

    /** A survey that has answers keeps its questions (409 QUERY_HAS_ANSWERS on a change). */
    async updateQuery(caller: Caller, body: UpdateQuery) {
      const scope = authorize(caller, MANAGE);
      const before = await readQuery(scope, body.queryId);
      await requireParts(scope, before.queryOrganization, body.queryQuestions, body.queryTargets);
      requireDays(
        body.queryOpensOn === undefined ? (before.queryOpensOn ?? null) : body.queryOpensOn,
        body.queryClosesOn === undefined ? (before.queryClosesOn ?? null) : body.queryClosesOn,
      );
      const questionsChange = !sameIds(before.queryQuestions, body.queryQuestions);
      if (questionsChange && before.answerCount > 0) {
        throw new AppError(409, 'surveys.QUERY_HAS_ANSWERS', {
          queryQuestions: 'errors.surveys.QUERY_HAS_ANSWERS',
        });
      }
      await audited(scope, async () => {
        requireWritten(
          await surveys.updateQuery(scope, body.queryId, {
            title: body.queryTitle,
            description: body.queryDescription,
            state: body.queryState,
            opensOn: body.queryOpensOn,
            closesOn: body.queryClosesOn,
          }),
          'surveys.QUERY_NOT_FOUND',
        );
        await surveys.setQueryTargets(scope, body.queryId, body.queryTargets);
        if (questionsChange)
          await surveys.setQueryQuestions(scope, body.queryId, body.queryQuestions);
        return {
          action: 'query.update',
          entityId: body.queryId,
          organizationId: before.queryOrganization,
          details: body,
        };
      });
      return readQuery(scope, body.queryId);
    },

    readQuery,
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;
