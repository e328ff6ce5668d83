import { z } from 'zod';
import { STATES, TEXT_COUNTER_MAX } from '../constants.js';
import { calendarDay, id, msg, recordOf, text } from './fields.js';

// Tieto surveys (kyselyt): question groups, questions, surveys and their answers (spec 001 §3,
// §5, §7, §9).

/** The minimum length of every survey text (spec 001 §9). */
export const SURVEY_TEXT_MIN = 3;
/** The five-point scale; the labels are `surveys.scale.1` … `surveys.scale.5` in the web app. */
export const ANSWER_VALUES = ['1', '2', '3', '4', '5'] as const;
export type AnswerValue = (typeof ANSWER_VALUES)[number];
/** The longest comment an answer may carry. */
export const ANSWER_COMMENT_MAX = TEXT_COUNTER_MAX;
/**
 * A survey's audience is reminded at most once in this many hours: a day leaves a resident who
 * reads mail once a day one reminder per reading, and the text of the 409 says "24 tuntia".
 */
export const SURVEY_REMINDER_INTERVAL_HOURS = 24;

/** A required text of at least 3 characters with the spec's two messages. */
const textOfThree = (required: Parameters<typeof msg>[0], tooShort: Parameters<typeof msg>[0]) =>
  text({ error: msg(required) }, true)
    .trim()
    .min(1, { error: msg(required), abort: true })
    .min(SURVEY_TEXT_MIN, { error: msg(tooShort) })
    .max(TEXT_COUNTER_MAX, { error: msg('invalidValue') });

const stateField = () =>
  z.enum(STATES, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? msg('surveys.stateRequired')
        : msg('invalidValue'),
  });

// ---------------------------------------------------------------- question groups

const questionGroupFields = {
  queryQuestionGroupName: textOfThree('surveys.groupNameRequired', 'surveys.groupNameTooShort'),
  /** Spelled so (spec 001 §3). */
  queryQuestionGroupDescrption: textOfThree(
    'surveys.descriptionRequired',
    'surveys.descriptionTooShort',
  ),
  queryQuestionGroupState: stateField(),
  /**
   * The organization whose group it is: only the top administrator names one (and must); anyone
   * else may leave it out and gets their own (naming another answers 403).
   */
  organizationId: id().optional(),
};

/** POST /api/tieto/questiongroup */
export const createQuestionGroupBody = z.object(questionGroupFields);
export type CreateQuestionGroupBody = z.infer<typeof createQuestionGroupBody>;
/** PATCH /api/tieto/questiongroup: the group named by id; its organization never changes. */
export const updateQuestionGroupBody = createQuestionGroupBody
  .omit({ organizationId: true })
  .extend({ id: id() });
export type UpdateQuestionGroupBody = z.infer<typeof updateQuestionGroupBody>;

/** A question group as the API answers it: the body's fields, its id and organization's name. */
export const questionGroupRecord = recordOf(createQuestionGroupBody).extend({
  id: z.string(),
  Organization: z.object({ organizationName: z.string() }),
});

export type QuestionGroupRecord = z.infer<typeof questionGroupRecord>;

export const questionGroupResponse = z.object({ message: z.string(), group: questionGroupRecord });
export const questionGroupsResponse = z.object({
  message: z.string(),
  groups: z.array(questionGroupRecord),
});
export type QuestionGroupsResponse = z.infer<typeof questionGroupsResponse>;

// ---------------------------------------------------------------- questions

const questionFields = {
  questionDescription: textOfThree('surveys.questionRequired', 'surveys.questionTooShort'),
  /** The group's id; the question belongs to the group's organization. */
  questionGroup: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? msg('surveys.groupRequired')
        : msg('invalidValue'),
  }),
  questionState: stateField(),
};

/** POST /api/tieto/question */
export const createQuestionBody = z.object(questionFields);
export type CreateQuestionBody = z.infer<typeof createQuestionBody>;
/** PATCH /api/tieto/question: the question named by id. */
export const updateQuestionBody = z.object({ id: id(), ...questionFields });
export type UpdateQuestionBody = z.infer<typeof updateQuestionBody>;

/** A question as the API answers it: the body's fields, its id, organization and group. */
export const questionRecord = recordOf(createQuestionBody).extend({
  id: z.string(),
  organizationId: z.string(),
  TietoQuestionGroup: z.object({ id: z.string(), queryQuestionGroupName: z.string() }),
});

export type QuestionRecord = z.infer<typeof questionRecord>;

export const questionResponse = z.object({ message: z.string(), question: questionRecord });
export const questionsResponse = z.object({
  message: z.string(),
  questions: z.array(questionRecord),
});
export type QuestionsResponse = z.infer<typeof questionsResponse>;

// ---------------------------------------------------------------- surveys (queries)

/** Comma-joined uuids ("a,b,c") as the create call sends them; at least one, no repeats. */
const commaIds = () =>
  text({
    error: (issue) =>
      issue.input === undefined ? msg('surveys.questionsRequired') : msg('invalidValue'),
  })
    .trim()
    .min(1, { error: msg('surveys.questionsRequired'), abort: true })
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(
      z
        .array(id())
        .max(200, { error: msg('invalidValue') })
        .refine((ids) => new Set(ids).size === ids.length, { error: msg('invalidValue') }),
    );

const queryFields = {
  queryTitle: textOfThree('surveys.titleRequired', 'surveys.titleTooShort'),
  queryDescription: textOfThree('surveys.descriptionRequired', 'surveys.descriptionTooShort'),
  /**
   * The survey's organization: the top administrator must choose it ('Organisaatio pitää
   * valita'); anyone else may leave it out and gets their own.
   */
  queryOrganization: id().optional(),
  /** The targets whose users answer it: targets of the survey's organization, at least one. */
  queryTargets: z
    .array(id(), { error: msg('surveys.targetsRequired') })
    .min(1, { error: msg('surveys.targetsRequired') })
    .max(500, { error: msg('invalidValue') })
    .refine((ids) => new Set(ids).size === ids.length, { error: msg('invalidValue') }),
  /** The questions in order, comma-joined ids (spec 001 §3), of the survey's organization. */
  queryQuestions: commaIds(),
  queryState: stateField(),
  /**
   * The days (Finnish time, YYYY-MM-DD) the survey takes answers, both included; null or left
   * out: no bound on that side. Outside them an answer is 409 QUERY_NOT_OPEN_YET / QUERY_ENDED.
   */
  queryOpensOn: calendarDay().nullable().optional(),
  queryClosesOn: calendarDay().nullable().optional(),
};

/** POST /api/tieto/query/ */
export const createQueryBody = z.object(queryFields);
export type CreateQueryBody = z.input<typeof createQueryBody>;
/** PATCH /api/tieto/query: the survey named by queryId; its organization never changes. */
export const updateQueryBody = createQueryBody
  .omit({ queryOrganization: true })
  .extend({ queryId: id() });
export type UpdateQueryBody = z.input<typeof updateQueryBody>;

/**
 * A survey as the API answers it: the body's fields (targets by name, questions in order as
 * ids), its id, names and answer count.
 */
export const queryRecord = recordOf(createQueryBody).extend({
  queryId: z.string(),
  Organization: z.object({ organizationName: z.string() }),
  Targets: z.array(z.object({ targetId: z.string(), targetName: z.string() })),
  /** How many answers the survey has (its questions are fixed once it has one). */
  answerCount: z.number().int(),
  /** When the audience was last reminded (ISO 8601), null before the first reminder. */
  queryRemindedAt: z.string().nullable(),
  /** How many reminders have gone. */
  queryReminderCount: z.number().int(),
  createdAt: z.string().describe('ISO 8601'),
});

export type QueryRecord = z.infer<typeof queryRecord>;

export const queryResponse = z.object({ message: z.string(), query: queryRecord });
export const queriesResponse = z.object({ message: z.string(), queries: z.array(queryRecord) });
export type QueriesResponse = z.infer<typeof queriesResponse>;

/** GET /api/tieto/all-queries-by-organization/?queryOrganization= (own when left out) */
export const queriesByOrganizationQuery = z.object({ queryOrganization: id().optional() });
/**
 * GET /api/tieto/all-queries-by-targets/?targetId=a,b: the active surveys that concern any of
 * the targets; every target the caller sees when left out.
 */
export const queriesByTargetsQuery = z.object({
  targetId: text()
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(z.array(id()).min(1).max(500))
    .optional(),
});

/** GET /api/tieto/query-questions/?queryId= */
export const queryIdQuery = z.object({ queryId: id() });

/**
 * A survey's question as the answer form and the results show it. Its group is its section
 * (title and description); the questions come section by section (ADR 0052).
 */
export const surveyQuestion = z.object({
  id: z.string(),
  questionDescription: z.string(),
  questionGroup: z.string(),
  queryQuestionGroupName: z.string(),
  queryQuestionGroupDescrption: z.string(),
  position: z.number().int(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestion>;

export const queryQuestionsResponse = z.object({
  message: z.string(),
  questions: z.array(surveyQuestion),
});

/**
 * GET (or POST) /api/tieto/query-customer-id/: the survey to answer for a target. queryTargetId
 * names the target; queryId chooses among several surveys (the newest active one of the target
 * when left out); queryOrganization, when given, must be the target's.
 */
export const queryForTargetQuery = z.object({
  queryTargetId: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? msg('surveys.surveyTargetRequired')
        : msg('invalidValue'),
  }),
  queryOrganization: id().optional(),
  queryId: id().optional(),
});
export type QueryForTargetQuery = z.infer<typeof queryForTargetQuery>;

export const queryForTargetResponse = z.object({
  message: z.string(),
  query: queryRecord,
  questions: z.array(surveyQuestion),
  /** Whether the caller has answered this survey for this target already. */
  answered: z.boolean(),
});
export type QueryForTargetResponse = z.infer<typeof queryForTargetResponse>;

// ---------------------------------------------------------------- answers and results

const answerValue = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z.enum(ANSWER_VALUES, { error: msg('surveys.answerValue') }),
);

/** POST /api/tieto/result/ */
export const createResultBody = z.object({
  queryId: id(),
  /** The target answered for (spec 001 §5: required). */
  queryTargetId: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? msg('surveys.surveyTargetRequired')
        : msg('invalidValue'),
  }),
  /** The answering user: the caller; kept for the documented body, any other id is refused. */
  queryUserId: id().optional(),
  /** Question id → '1'..'5' (numbers 1..5 are taken too), one for each question of the survey. */
  answers: z.record(z.uuid({ error: msg('surveys.answerNotInSurvey') }), answerValue, {
    error: msg('surveys.answersIncomplete'),
  }),
  queryComment: text({ error: msg('invalidValue') }, true)
    .trim()
    .max(ANSWER_COMMENT_MAX, { error: msg('invalidValue') })
    .optional()
    .nullable(),
});
export type CreateResultBody = z.input<typeof createResultBody>;

/** An answer as the API answers it: the body's fields, its id and target's name. */
export const resultRecord = recordOf(createResultBody).extend({
  id: z.string(),
  /** Null once the answering user is gone. */
  queryUserId: z.string().nullable(),
  targetName: z.string(),
  createdAt: z.string().describe('ISO 8601'),
});

export type ResultRecord = z.infer<typeof resultRecord>;

export const resultResponse = z.object({ message: z.string(), result: resultRecord });

/** GET /api/tieto/results/ and /all-results/: queryId, and optionally one target. */
export const resultsQuery = z.object({ queryId: id(), targetId: id().optional() });

const answerCounts = {
  a1: z.number(),
  a2: z.number(),
  a3: z.number(),
  a4: z.number(),
  a5: z.number(),
};

/** One question's figures: counts a1..a5 and their shares of the answers to it, 2 decimals. */
export const questionResult = surveyQuestion.extend({
  ...answerCounts,
  total: z.number().int(),
  percentages: z.object(answerCounts),
});
export type QuestionResult = z.infer<typeof questionResult>;

export const resultsResponse = z.object({
  message: z.string(),
  query: z.object({ queryId: z.string(), queryTitle: z.string() }),
  /** How many answers (users × targets) the figures are of. */
  answerCount: z.number().int(),
  results: z.array(questionResult),
});
export type ResultsResponse = z.infer<typeof resultsResponse>;

export const allResultsResponse = z.object({
  message: z.string(),
  results: z.array(resultRecord),
});
export type AllResultsResponse = z.infer<typeof allResultsResponse>;

/** POST /api/tieto/query-reminder: mail the survey's audience who have not answered it. */
export const queryReminderBody = z.object({ queryId: id() });
export const queryReminderResponse = z.object({
  message: z.string(),
  /** How many were mailed. */
  reminded: z.number().int(),
  /** When the survey's audience was reminded (ISO 8601). */
  remindedAt: z.string().nullable(),
  /** How many reminders have gone, this one included. */
  reminderCount: z.number().int(),
});
