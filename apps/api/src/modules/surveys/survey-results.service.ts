import {
  ANSWER_VALUES,
  type createResultBody,
  helsinkiToday,
  type Language,
  type QueryRecord,
  type QuestionResult,
  type ResultRecord,
  SURVEY_REMINDER_INTERVAL_HOURS,
} from '@vahti/domain';
import type { z } from 'zod';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { authorize } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges } from '../audit/audited.js';
import type { Mailer } from '../mail/mailer.js';
import { invalidField } from './invalid-field.js';
import { surveyReminderMail } from './survey-reminder-mail.js';
import type { SurveyResultsRepository } from './survey-results.repository.js';
import type { SurveysRepository } from './surveys.repository.js';

const MANAGE = { do: 'manageSurveys' } as const;
const TIETO = { do: 'openSection', section: 'tieto' } as const;

type CreateResult = z.output<typeof createResultBody>;

/** A share of the total in per cent, rounded to 2 decimals (spec 001 §9). */
export function percentage(part: number, total: number): number {
  if (total === 0) return 0;
  return Math.round((part / total) * 10_000) / 100;
}

/**
 * Answering surveys and reading their results (spec 001 §2 Tieto 5–6, §7). Any Tieto user answers
 * a survey of a target they see, once per survey and target; the results are for management.
 */
export function createSurveyResultsService({
  db,
  results,
  surveys,
  audit,
  mailer,
  config,
  now = () => new Date(),
}: {
  db: Db;
  results: SurveyResultsRepository;
  surveys: Pick<SurveysRepository, 'findQuery' | 'listSurveyQuestions'>;
  audit: AuditService;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  config: Pick<Config, 'publicUrl'>;
  /** The clock that decides whether a survey is open (tests pass their own). */
  now?: () => Date;
}) {
  const audited = auditedChanges({ db, audit });

  /** 409 unless the survey takes answers today: Aktiivinen and within its days. */
  function requireOpen(query: QueryRecord) {
    if (query.queryState !== 'Aktiivinen') throw new AppError(409, 'surveys.QUERY_CLOSED');
    const today = helsinkiToday(now());
    if (query.queryOpensOn && today < query.queryOpensOn) {
      throw new AppError(409, 'surveys.QUERY_NOT_OPEN_YET');
    }
    if (query.queryClosesOn && today > query.queryClosesOn) {
      throw new AppError(409, 'surveys.QUERY_ENDED');
    }
  }

  async function readQuery(scope: ReturnType<typeof authorize>, queryId: string) {
    const query = await surveys.findQuery(scope, queryId);
    if (!query) throw notFound('surveys.QUERY_NOT_FOUND');
    return query;
  }

  return {
    /**
     * Stores the caller's answer: every question of the survey answered 1–5, nothing else. The
     * database's unique key decides a race between two sends (409 ALREADY_ANSWERED).
     */
    async answer(caller: Caller, body: CreateResult): Promise<ResultRecord> {
      const scope = authorize(caller, TIETO);
      if (body.queryUserId && body.queryUserId !== caller.userId) {
        throw invalidField('queryUserId', 'surveys.ownAnswerOnly');
      }
      const target = await results.findVisibleTarget(scope, body.queryTargetId);
      if (!target) throw notFound('TARGET_NOT_FOUND');
      const query = await readQuery(scope, body.queryId);
      if (!query.queryTargets.includes(target.targetId)) {
        throw invalidField('queryTargetId', 'surveys.targetNotInSurvey');
      }
      requireOpen(query);
      const questionIds = query.queryQuestions;
      const answered = Object.keys(body.answers);
      if (answered.some((id) => !questionIds.includes(id))) {
        throw invalidField('answers', 'surveys.answerNotInSurvey');
      }
      if (questionIds.some((id) => !(id in body.answers))) {
        throw invalidField('answers', 'surveys.answersIncomplete');
      }
      try {
        const id = await results.insert(
          scope,
          {
            organizationId: query.queryOrganization,
            queryId: query.queryId,
            targetId: target.targetId,
            userId: caller.userId,
            comment: body.queryComment || null,
          },
          questionIds.map((questionId) => ({
            questionId,
            value: Number(body.answers[questionId]),
          })),
        );
        const [stored] = (await results.list(scope, query.queryId, target.targetId)).filter(
          (result) => result.id === id,
        );
        if (!stored) throw new Error('stored answer not found');
        return stored;
      } catch (err) {
        if (isUniqueViolation(err, 'query_results_query_target_user_key')) {
          throw new AppError(409, 'surveys.ALREADY_ANSWERED');
        }
        throw err;
      }
    },

    /** Per question: counts a1..a5, the total and each count's share of it (2 decimals). */
    async summary(caller: Caller, queryId: string, targetId?: string) {
      const scope = authorize(caller, MANAGE);
      const query = await readQuery(scope, queryId);
      if (targetId && !(await results.findVisibleTarget(scope, targetId))) {
        throw notFound('TARGET_NOT_FOUND');
      }
      const [questions, counted] = await Promise.all([
        surveys.listSurveyQuestions(scope, queryId),
        results.countValues(scope, queryId, targetId),
      ]);
      const rows: QuestionResult[] = questions.map((question) => {
        const counts = Object.fromEntries(
          ANSWER_VALUES.map((value) => [
            `a${value}`,
            counted.values.find(
              (row) => row.questionId === question.id && row.value === Number(value),
            )?.n ?? 0,
          ]),
        ) as Record<'a1' | 'a2' | 'a3' | 'a4' | 'a5', number>;
        const total = counts.a1 + counts.a2 + counts.a3 + counts.a4 + counts.a5;
        return {
          ...question,
          ...counts,
          total,
          percentages: {
            a1: percentage(counts.a1, total),
            a2: percentage(counts.a2, total),
            a3: percentage(counts.a3, total),
            a4: percentage(counts.a4, total),
            a5: percentage(counts.a5, total),
          },
        };
      });
      return {
        query: { queryId: query.queryId, queryTitle: query.queryTitle },
        answerCount: counted.answerCount,
        results: rows,
      };
    },

    /**
     * Mails a reminder to the audience members who have not answered (users with Tieto linked
     * to one of the survey's targets), each in their language; only while the survey is open and
     * at most once in SURVEY_REMINDER_INTERVAL_HOURS (409 REMINDED_RECENTLY).
     */
    async remind(caller: Caller, queryId: string) {
      const scope = authorize(caller, MANAGE);
      const query = await readQuery(scope, queryId);
      requireOpen(query);
      const recipients = await results.listUnanswered(scope, queryId, query.queryOrganization);
      const closesOn = query.queryClosesOn
        ? query.queryClosesOn.split('-').reverse().join('.')
        : null;
      const { marked } = await audited(scope, async () => {
        const mark = await results.markReminded(scope, queryId, SURVEY_REMINDER_INTERVAL_HOURS);
        if (!mark) throw new AppError(409, 'surveys.REMINDED_RECENTLY');
        for (const user of recipients) {
          const language: Language = user.language ?? 'fi';
          await mailer.enqueue({
            to: user.email,
            language,
            ...surveyReminderMail(language, {
              firstName: user.firstName,
              title: query.queryTitle,
              closesOn,
              link: `${config.publicUrl}/#/tieto/show-survey-form`,
            }),
          });
        }
        return {
          action: 'query.remind',
          entityId: queryId,
          organizationId: query.queryOrganization,
          details: { reminded: recipients.length },
          marked: mark,
        };
      });
      if (recipients.length > 0) mailer.kick();
      return {
        reminded: recipients.length,
        remindedAt: marked.remindedAt?.toISOString() ?? null,
        reminderCount: marked.reminderCount,
      };
    },

    /** The answers one by one (the CSV export's rows). */
    async list(caller: Caller, queryId: string, targetId?: string) {
      const scope = authorize(caller, MANAGE);
      await readQuery(scope, queryId);
      if (targetId && !(await results.findVisibleTarget(scope, targetId))) {
        throw notFound('TARGET_NOT_FOUND');
      }
      return results.list(scope, queryId, targetId);
    },
  };
}

export type SurveyResultsService = ReturnType<typeof createSurveyResultsService>;
