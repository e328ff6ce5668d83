import {
  allResultsResponse,
  createQueryBody,
  createQuestionBody,
  createQuestionGroupBody,
  createResultBody,
  queriesByOrganizationQuery,
  queriesByTargetsQuery,
  queriesResponse,
  queryForTargetQuery,
  queryForTargetResponse,
  queryIdQuery,
  queryQuestionsResponse,
  queryReminderBody,
  queryReminderResponse,
  queryResponse,
  questionGroupResponse,
  questionGroupsResponse,
  questionResponse,
  questionsResponse,
  resultResponse,
  resultsQuery,
  resultsResponse,
  updateQueryBody,
  updateQuestionBody,
  updateQuestionGroupBody,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { SurveyResultsService } from './survey-results.service.js';
import type { SurveysService } from './surveys.service.js';

interface Options {
  surveys: SurveysService;
  surveyResults: SurveyResultsService;
}

const MANAGE =
  'Survey management: Tieto permission and a role above Käyttäjä (403 FORBIDDEN otherwise). The top administrator reaches every organization, anyone else their own.';
const ANSWERING =
  'Every Tieto user (403 FORBIDDEN without Tieto); a Käyttäjä sees only the surveys of the targets linked to them.';

/** Tieto surveys: question groups, questions, surveys, answers and results (spec 001 §7). */
export const surveysRoutes = signedIn<Options>(
  'tieto-surveys',
  (app, { surveys, surveyResults }) => {
    // ---------------------------------------------------------------- question groups
    app.get('/api/tieto/questiongroups', {
      schema: {
        operationId: 'listQuestionGroups',
        summary: 'Question groups, by name',
        description: MANAGE,
        response: { 200: questionGroupsResponse, ...errors(403) },
      },
      handler: async (request) =>
        ok(request, 'messages.surveys.groupsOk', {
          groups: await surveys.listGroups(request.caller),
        }),
    });

    app.post('/api/tieto/questiongroup', {
      schema: {
        operationId: 'createQuestionGroup',
        summary: 'Add a question group',
        description: `${MANAGE} The top administrator must name organizationId (400); anyone else naming another organization gets 403. 404 ORGANIZATION_NOT_FOUND for an unknown organization.`,
        body: createQuestionGroupBody,
        response: { 201: questionGroupResponse, ...errors(403, 404) },
      },
      handler: async (request, reply) => {
        const group = await surveys.createGroup(request.caller, request.body);
        return reply.status(201).send(ok(request, 'messages.surveys.groupCreated', { group }));
      },
    });

    app.patch('/api/tieto/questiongroup', {
      schema: {
        operationId: 'updateQuestionGroup',
        summary: 'Save a question group',
        description: `${MANAGE} 404 surveys.QUESTION_GROUP_NOT_FOUND for a group outside the scope.`,
        body: updateQuestionGroupBody,
        response: { 200: questionGroupResponse, ...errors(403, 404) },
      },
      handler: async (request) => {
        const group = await surveys.updateGroup(request.caller, request.body);
        return ok(request, 'messages.surveys.groupUpdated', { group });
      },
    });

    // ---------------------------------------------------------------- questions
    app.get('/api/tieto/questions', {
      schema: {
        operationId: 'listQuestions',
        summary: 'Questions with their group, by group and text',
        description: MANAGE,
        response: { 200: questionsResponse, ...errors(403) },
      },
      handler: async (request) =>
        ok(request, 'messages.surveys.questionsOk', {
          questions: await surveys.listQuestions(request.caller),
        }),
    });

    app.post('/api/tieto/question', {
      schema: {
        operationId: 'createQuestion',
        summary: "Add a question to a group (the group's organization)",
        description: `${MANAGE} 404 surveys.QUESTION_GROUP_NOT_FOUND for a group outside the scope.`,
        body: createQuestionBody,
        response: { 201: questionResponse, ...errors(403, 404) },
      },
      handler: async (request, reply) => {
        const question = await surveys.createQuestion(request.caller, request.body);
        return reply
          .status(201)
          .send(ok(request, 'messages.surveys.questionCreated', { question }));
      },
    });

    app.patch('/api/tieto/question', {
      schema: {
        operationId: 'updateQuestion',
        summary: 'Save a question',
        description: `${MANAGE} The group must be of the question's organization (400). 404 surveys.QUESTION_NOT_FOUND or surveys.QUESTION_GROUP_NOT_FOUND outside the scope.`,
        body: updateQuestionBody,
        response: { 200: questionResponse, ...errors(403, 404) },
      },
      handler: async (request) => {
        const question = await surveys.updateQuestion(request.caller, request.body);
        return ok(request, 'messages.surveys.questionUpdated', { question });
      },
    });

    // ---------------------------------------------------------------- surveys
    app.get('/api/tieto/queries', {
      schema: {
        operationId: 'listQueries',
        summary: 'Surveys with their targets, questions and answer counts, newest first',
        description: MANAGE,
        response: { 200: queriesResponse, ...errors(403) },
      },
      handler: async (request) =>
        ok(request, 'messages.surveys.queriesOk', {
          queries: await surveys.listQueries(request.caller),
        }),
    });

    app.post('/api/tieto/query', {
      schema: {
        operationId: 'createQuery',
        summary: 'Add a survey from questions (comma-joined ids, in order) for targets',
        description: `${MANAGE} The top administrator must choose queryOrganization. Every question and target must exist in the survey's organization: 404 surveys.QUESTION_NOT_FOUND / TARGET_NOT_FOUND for one outside the scope, 400 for one of another organization.`,
        body: createQueryBody,
        response: { 201: queryResponse, ...errors(403, 404) },
      },
      handler: async (request, reply) => {
        const query = await surveys.createQuery(request.caller, request.body);
        return reply.status(201).send(ok(request, 'messages.surveys.queryCreated', { query }));
      },
    });

    app.patch('/api/tieto/query', {
      schema: {
        operationId: 'updateQuery',
        summary: 'Save a survey, its targets and (until it has answers) its questions',
        description: `${MANAGE} 404 surveys.QUERY_NOT_FOUND outside the scope; 409 surveys.QUERY_HAS_ANSWERS when the questions would change after the first answer.`,
        body: updateQueryBody,
        response: { 200: queryResponse, ...errors(403, 404, 409) },
      },
      handler: async (request) => {
        const query = await surveys.updateQuery(request.caller, request.body);
        return ok(request, 'messages.surveys.queryUpdated', { query });
      },
    });

    const forTarget = {
      summary: 'The survey to answer for a target, with its questions in order',
      description: `${ANSWERING} The survey named by queryId, or the newest active survey of the target. 404 TARGET_NOT_FOUND for a target the caller does not see; 404 surveys.QUERY_NOT_FOUND when no active survey concerns it. \`answered\` tells whether the caller has answered it for this target.`,
    };
    app.get('/api/tieto/query-customer-id', {
      schema: {
        operationId: 'getQueryForTarget',
        ...forTarget,
        querystring: queryForTargetQuery,
        response: { 200: queryForTargetResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(
          request,
          'messages.surveys.queryOk',
          await surveys.forTarget(request.caller, request.query),
        ),
    });
    app.post('/api/tieto/query-customer-id', {
      schema: {
        operationId: 'postQueryForTarget',
        ...forTarget,
        body: queryForTargetQuery,
        response: { 200: queryForTargetResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(
          request,
          'messages.surveys.queryOk',
          await surveys.forTarget(request.caller, request.body),
        ),
    });

    app.get('/api/tieto/query-questions', {
      schema: {
        operationId: 'listQueryQuestions',
        summary: "A survey's questions in order",
        description: `${ANSWERING} 404 surveys.QUERY_NOT_FOUND outside the scope.`,
        querystring: queryIdQuery,
        response: { 200: queryQuestionsResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.surveys.questionsOk', {
          questions: await surveys.questionsOf(request.caller, request.query.queryId),
        }),
    });

    app.get('/api/tieto/all-queries-by-organization', {
      schema: {
        operationId: 'listQueriesOfOrganization',
        summary: "An organization's surveys (the own when queryOrganization is left out)",
        description: `${ANSWERING} 404 ORGANIZATION_NOT_FOUND for another organization than the own (the top administrator: an unknown one).`,
        querystring: queriesByOrganizationQuery,
        response: { 200: queriesResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.surveys.queriesOk', {
          queries: await surveys.listOfOrganization(
            request.caller,
            request.query.queryOrganization,
          ),
        }),
    });

    app.get('/api/tieto/all-queries-by-targets', {
      schema: {
        operationId: 'listQueriesOfTargets',
        summary: 'The active surveys concerning any of the targets (targetId=a,b)',
        description: `${ANSWERING} Every target the caller sees when targetId is left out; 404 TARGET_NOT_FOUND for a target the caller does not see.`,
        querystring: queriesByTargetsQuery,
        response: { 200: queriesResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.surveys.queriesOk', {
          queries: await surveys.listOfTargets(request.caller, request.query.targetId),
        }),
    });

    // ---------------------------------------------------------------- answers and results
    app.post('/api/tieto/result', {
      schema: {
        operationId: 'createQueryResult',
        summary: "Send the caller's answer to a survey for a target",
        description: `${ANSWERING} answers maps every question id of the survey to '1'..'5'. 400 when the target is not one of the survey's, an answer is missing, out of range or for another question, or queryUserId is someone else; 404 TARGET_NOT_FOUND / surveys.QUERY_NOT_FOUND outside the scope; 409 surveys.ALREADY_ANSWERED for a second answer to the survey for the target (one per user, survey and target, kept by a unique key); 409 surveys.QUERY_CLOSED for a Passiivinen survey.`,
        body: createResultBody,
        response: { 201: resultResponse, ...errors(403, 404, 409) },
      },
      handler: async (request, reply) => {
        const result = await surveyResults.answer(request.caller, request.body);
        return reply.status(201).send(ok(request, 'messages.surveys.resultSaved', { result }));
      },
    });

    app.get('/api/tieto/results', {
      schema: {
        operationId: 'getQueryResults',
        summary: "A survey's results per question: counts a1..a5 and percentages of the total",
        description: `${MANAGE} targetId narrows to one target. Percentages are rounded to 2 decimals. 404 surveys.QUERY_NOT_FOUND / TARGET_NOT_FOUND outside the scope.`,
        querystring: resultsQuery,
        response: { 200: resultsResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(
          request,
          'messages.surveys.resultsOk',
          await surveyResults.summary(
            request.caller,
            request.query.queryId,
            request.query.targetId,
          ),
        ),
    });

    app.post('/api/tieto/query-reminder', {
      schema: {
        operationId: 'remindSurveyAudience',
        summary: 'Mail a reminder to the audience members who have not answered the survey',
        description:
          "The audience: active users with Tieto linked to one of the survey's targets, without an answer to it; each gets a mail in their language with a link to the answer form. Tieto and a role above Käyttäjä (403 FORBIDDEN otherwise); 404 surveys.QUERY_NOT_FOUND outside the scope; 409 QUERY_CLOSED / QUERY_NOT_OPEN_YET / QUERY_ENDED when the survey takes no answers today; 409 surveys.REMINDED_RECENTLY when the last reminder went less than 24 hours (SURVEY_REMINDER_INTERVAL_HOURS) ago. The survey records keep the time of the last reminder (queryRemindedAt) and their count (queryReminderCount).",
        body: queryReminderBody,
        response: { 200: queryReminderResponse, ...errors(403, 404, 409) },
      },
      handler: async (request) => {
        const sent = await surveyResults.remind(request.caller, request.body.queryId);
        return {
          message: translate(request.language, 'messages.surveys.reminderSent', {
            count: sent.reminded,
          }),
          ...sent,
        };
      },
    });

    app.get('/api/tieto/all-results', {
      schema: {
        operationId: 'listQueryResults',
        summary: "A survey's answers one by one, newest first (at most 5,000)",
        description: `${MANAGE} targetId narrows to one target. 404 surveys.QUERY_NOT_FOUND / TARGET_NOT_FOUND outside the scope.`,
        querystring: resultsQuery,
        response: { 200: allResultsResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.surveys.resultsOk', {
          results: await surveyResults.list(
            request.caller,
            request.query.queryId,
            request.query.targetId,
          ),
        }),
    });
  },
);
