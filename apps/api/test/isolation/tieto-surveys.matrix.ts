import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minimalJpeg } from '../../src/db/demo/materialbank.js';
import {
  feedbacks,
  queries,
  queryQuestions,
  queryTargets,
  questionGroups,
  questions,
} from '../../src/db/schema/index.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import { multipartBody } from '../helpers/multipart.js';
import type { Access, Matrix } from './matrix.js';
import { freshIds, organizationIds, targetIds } from './requests.js';
import { matrixApp } from './runner.js';

/** Survey and feedback management: Tieto and a role above Käyttäjä (spec 001 §6). */
const MANAGE = { section: 'tieto', minRole: 'Pääkäyttäjä' } as const satisfies Access;
/** Answering, sending feedback, the dashboard: every Tieto user. */
const TIETO = { section: 'tieto', minRole: 'Käyttäjä' } as const satisfies Access;

const short = () => randomUUID().slice(0, 8);

async function freshGroup(fx: Fixtures, org: FixtureOrg) {
  const [row] = await fx.db
    .insert(questionGroups)
    .values({ organizationId: org.id, name: `Matriisiryhmä ${short()}`, description: 'Ryhmä' })
    .returning({ id: questionGroups.id });
  return row?.id as string;
}

async function freshQuestion(fx: Fixtures, org: FixtureOrg) {
  const groupId = await freshGroup(fx, org);
  const [row] = await fx.db
    .insert(questions)
    .values({ organizationId: org.id, groupId, description: `Matriisikysymys ${short()}` })
    .returning({ id: questions.id });
  return { groupId, questionId: row?.id as string };
}

/** A fresh active survey of the organization for its fixture target, with one question. */
async function freshSurvey(fx: Fixtures, org: FixtureOrg) {
  const { questionId } = await freshQuestion(fx, org);
  const [row] = await fx.db
    .insert(queries)
    .values({ organizationId: org.id, title: `Matriisikysely ${short()}`, description: 'Kysely' })
    .returning({ id: queries.id });
  const queryId = row?.id as string;
  await fx.db.insert(queryTargets).values({ queryId, targetId: org.target.id });
  await fx.db.insert(queryQuestions).values({ queryId, questionId, position: 0 });
  return { queryId, questionId };
}

async function freshFeedback(
  fx: Fixtures,
  org: FixtureOrg,
  more: { userId?: string; photo?: string } = {},
) {
  const [row] = await fx.db
    .insert(feedbacks)
    .values({
      organizationId: org.id,
      targetId: org.target.id,
      title: `Matriisipalaute ${short()}`,
      message: 'Palaute',
      ...more,
    })
    .returning({ id: feedbacks.id });
  return row?.id as string;
}

const JPG = minimalJpeg();

/** A feedback from the organization's Käyttäjä with a photo in the app's storage. */
async function feedbackWithPhoto(fx: Fixtures, org: FixtureOrg) {
  const { ctx } = await matrixApp();
  const dir = path.join(ctx.config.dataDir, 'feedback');
  mkdirSync(dir, { recursive: true });
  const photo = `${randomUUID()}.jpg`;
  writeFileSync(path.join(dir, photo), JPG);
  const sender = await fx.user(org.key, 'Käyttäjä');
  return freshFeedback(fx, org, { userId: sender.id, photo });
}

const groupBody = (organizationId: string) => ({
  queryQuestionGroupName: `Matriisiryhmä ${short()}`,
  queryQuestionGroupDescrption: 'Matriisin ryhmä',
  queryQuestionGroupState: 'Aktiivinen',
  organizationId,
});

/** A survey's id in the query, for a fresh survey of the organization. */
const surveyIds = (notFound: 'surveys.QUERY_NOT_FOUND', url: (id: string) => string) =>
  freshIds(notFound, async (fx, org) => ({
    url: url(org ? (await freshSurvey(fx, org)).queryId : fx.missing),
  }));

async function photoUpload(feedbackId: string) {
  const { payload, headers } = await multipartBody(
    {},
    { name: 'kuva.jpg', type: 'image/jpeg', content: JPG },
  );
  return { url: `/api/tieto/feedback-photo?id=${feedbackId}`, body: payload, headers };
}

/** Question groups, questions, surveys, answers and results; feedback; the Tieto dashboard. */
export const tietoSurveysMatrix: Matrix = {
  'GET /api/tieto/questiongroups': { access: MANAGE },
  'POST /api/tieto/questiongroup': {
    access: MANAGE,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      of: (_fx, org) => ({ url: '/api/tieto/questiongroup', body: groupBody(org.id) }),
      missing: (fx) => ({ url: '/api/tieto/questiongroup', body: groupBody(fx.missing) }),
    },
  },
  'PATCH /api/tieto/questiongroup': {
    access: MANAGE,
    ids: freshIds('surveys.QUESTION_GROUP_NOT_FOUND', async (fx, org) => {
      const { organizationId: _, ...body } = groupBody(fx.orgA.id);
      return {
        url: '/api/tieto/questiongroup',
        body: { id: org ? await freshGroup(fx, org) : fx.missing, ...body },
      };
    }),
  },
  'GET /api/tieto/questions': { access: MANAGE },
  'POST /api/tieto/question': {
    access: MANAGE,
    ids: freshIds('surveys.QUESTION_GROUP_NOT_FOUND', async (fx, org) => ({
      url: '/api/tieto/question',
      body: {
        questionDescription: `Matriisikysymys ${short()}`,
        questionGroup: org ? await freshGroup(fx, org) : fx.missing,
        questionState: 'Aktiivinen',
      },
    })),
  },
  'PATCH /api/tieto/question': {
    access: MANAGE,
    ids: freshIds('surveys.QUESTION_NOT_FOUND', async (fx, org) => {
      const fresh = await freshQuestion(fx, org ?? fx.orgA);
      return {
        url: '/api/tieto/question',
        body: {
          id: org ? fresh.questionId : fx.missing,
          questionDescription: `Muutettu kysymys ${short()}`,
          questionGroup: fresh.groupId,
          questionState: 'Passiivinen',
        },
      };
    }),
  },
  'GET /api/tieto/queries': { access: MANAGE },
  'POST /api/tieto/query': {
    access: MANAGE,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      of: async (fx, org) => ({
        url: '/api/tieto/query',
        body: {
          queryTitle: `Matriisikysely ${short()}`,
          queryDescription: 'Matriisin kysely',
          queryOrganization: org.id,
          queryTargets: [org.target.id],
          queryQuestions: (await freshQuestion(fx, org)).questionId,
          queryState: 'Aktiivinen',
        },
      }),
      missing: async (fx) => ({
        url: '/api/tieto/query',
        body: {
          queryTitle: `Matriisikysely ${short()}`,
          queryDescription: 'Matriisin kysely',
          queryOrganization: fx.missing,
          queryTargets: [fx.orgA.target.id],
          queryQuestions: (await freshQuestion(fx, fx.orgA)).questionId,
          queryState: 'Aktiivinen',
        },
      }),
    },
  },
  'PATCH /api/tieto/query': {
    access: MANAGE,
    ids: freshIds('surveys.QUERY_NOT_FOUND', async (fx, org) => {
      const owner = org ?? fx.orgA;
      const survey = await freshSurvey(fx, owner);
      return {
        url: '/api/tieto/query',
        body: {
          queryId: org ? survey.queryId : fx.missing,
          queryTitle: `Muutettu kysely ${short()}`,
          queryDescription: 'Muutettu kuvaus',
          queryTargets: [owner.target.id],
          queryQuestions: survey.questionId,
          queryState: 'Passiivinen',
        },
      };
    }),
  },
  'GET /api/tieto/query-customer-id': {
    access: TIETO,
    ids: freshIds('TARGET_NOT_FOUND', async (fx, org) => ({
      url: org
        ? `/api/tieto/query-customer-id?queryTargetId=${org.target.id}&queryId=${(await freshSurvey(fx, org)).queryId}`
        : `/api/tieto/query-customer-id?queryTargetId=${fx.missing}`,
    })),
  },
  'POST /api/tieto/query-customer-id': {
    access: TIETO,
    ids: freshIds('TARGET_NOT_FOUND', async (fx, org) => ({
      url: '/api/tieto/query-customer-id',
      body: org
        ? { queryTargetId: org.target.id, queryId: (await freshSurvey(fx, org)).queryId }
        : { queryTargetId: fx.missing },
    })),
  },
  'GET /api/tieto/query-questions': {
    access: TIETO,
    ids: surveyIds('surveys.QUERY_NOT_FOUND', (id) => `/api/tieto/query-questions?queryId=${id}`),
  },
  'GET /api/tieto/all-queries-by-organization': {
    access: TIETO,
    ids: organizationIds((id) => `/api/tieto/all-queries-by-organization?queryOrganization=${id}`),
  },
  'GET /api/tieto/all-queries-by-targets': {
    access: TIETO,
    ids: targetIds((id) => `/api/tieto/all-queries-by-targets?targetId=${id}`),
  },
  'POST /api/tieto/result': {
    access: TIETO,
    // A fresh survey per call: every caller answers once per survey and target.
    ids: freshIds('TARGET_NOT_FOUND', async (fx, org) => {
      const survey = await freshSurvey(fx, org ?? fx.orgA);
      return {
        url: '/api/tieto/result',
        body: {
          queryId: survey.queryId,
          queryTargetId: org ? org.target.id : fx.missing,
          answers: { [survey.questionId]: '4' },
        },
      };
    }),
  },
  'GET /api/tieto/results': {
    access: MANAGE,
    ids: surveyIds('surveys.QUERY_NOT_FOUND', (id) => `/api/tieto/results?queryId=${id}`),
  },
  'POST /api/tieto/query-reminder': {
    access: MANAGE,
    ids: freshIds('surveys.QUERY_NOT_FOUND', async (fx, org) => ({
      url: '/api/tieto/query-reminder',
      body: { queryId: org ? (await freshSurvey(fx, org)).queryId : fx.missing },
    })),
  },
  'GET /api/tieto/all-results': {
    access: MANAGE,
    ids: surveyIds('surveys.QUERY_NOT_FOUND', (id) => `/api/tieto/all-results?queryId=${id}`),
  },

  'GET /api/tieto/feedbacks': { access: MANAGE },
  'GET /api/tieto/own-feedbacks': { access: TIETO },
  'GET /api/tieto/organization-feedbacks': {
    access: MANAGE,
    ids: organizationIds((id) => `/api/tieto/organization-feedbacks?feedbackOrganizationId=${id}`),
  },
  'GET /api/tieto/target-feedbacks': {
    access: MANAGE,
    ids: targetIds((id) => `/api/tieto/target-feedbacks?feedbackTargetId=${id}`),
  },
  'GET /api/tieto/new-feedbacks': {
    access: MANAGE,
    ids: targetIds((id) => `/api/tieto/new-feedbacks?feedbackTargetId=${id}`),
  },
  'POST /api/tieto/feedback': {
    access: TIETO,
    ids: {
      notFound: 'TARGET_NOT_FOUND',
      of: (_fx, org) => ({
        url: '/api/tieto/feedback',
        body: {
          feedbackTitle: 'Matriisipalaute',
          feedbackTargetId: org.target.id,
          feedbackMessage: 'Matriisin viesti',
        },
      }),
      missing: (fx) => ({
        url: '/api/tieto/feedback',
        body: {
          feedbackTitle: 'Matriisipalaute',
          feedbackTargetId: fx.missing,
          feedbackMessage: 'Matriisin viesti',
        },
      }),
    },
  },
  'PATCH /api/tieto/feedback': {
    access: MANAGE,
    ids: freshIds('feedback.FEEDBACK_NOT_FOUND', async (fx, org) => ({
      url: '/api/tieto/feedback',
      body: {
        id: org ? await freshFeedback(fx, org) : fx.missing,
        feedbackState: 'Suljettu',
        feedbackReply: 'Käsitelty',
      },
    })),
  },

  'GET /api/tieto/feedback-photo': {
    // Staff read any feedback's photo; a Käyttäjä their own (the fixture's is their Käyttäjä's).
    access: TIETO,
    ids: freshIds('feedback.FEEDBACK_NOT_FOUND', async (fx, org) => ({
      url: `/api/tieto/feedback-photo?id=${org ? await feedbackWithPhoto(fx, org) : fx.missing}`,
    })),
  },
  'PUT /api/tieto/feedback-photo': {
    // Only the sender attaches a photo: the feedback is the caller's own, in `org`.
    access: TIETO,
    ids: {
      notFound: 'feedback.FEEDBACK_NOT_FOUND',
      of: async (fx, org, caller) => {
        const sender = await fx.user(caller?.org ?? org.key, caller?.role ?? 'Käyttäjä');
        const id = await freshFeedback(fx, org, { userId: sender.id });
        return photoUpload(id);
      },
      missing: (fx) => photoUpload(fx.missing),
    },
  },

  'GET /api/tieto/dashboard': {
    access: TIETO,
    ids: organizationIds((id) => `/api/tieto/dashboard?organizationId=${id}`),
  },
};
