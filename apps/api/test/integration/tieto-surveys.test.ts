import { randomBytes } from 'node:crypto';
import { addDays, helsinkiToday } from '@vahti/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, queries, queryQuestions, queryResults } from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const tag = () => randomBytes(3).toString('hex');

async function createGroup(org: 'A' | 'B' = 'A') {
  const res = await as('Pääkäyttäjä', org).post('/api/tieto/questiongroup', {
    queryQuestionGroupName: `Sisäilma ${tag()}`,
    queryQuestionGroupDescrption: 'Kysymyksiä sisäilmasta',
    queryQuestionGroupState: 'Aktiivinen',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().group.id as string;
}

async function createQuestion(groupId: string, org: 'A' | 'B' = 'A') {
  const res = await as('Pääkäyttäjä', org).post('/api/tieto/question', {
    questionDescription: `Sisäilma on raikas ${tag()}`,
    questionGroup: groupId,
    questionState: 'Aktiivinen',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().question.id as string;
}

async function createSurvey(
  questionIds: string[],
  targetIds = [fx.orgA.target.id],
  org: 'A' | 'B' = 'A',
) {
  const res = await as('Pääkäyttäjä', org).post('/api/tieto/query/', {
    queryTitle: `Kysely ${tag()}`,
    queryDescription: 'Kerro mielipiteesi kohteen sisäilmasta',
    queryTargets: targetIds,
    queryQuestions: questionIds.join(','),
    queryState: 'Aktiivinen',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().query as { queryId: string; queryQuestions: string[] };
}

describe(`question groups and questions (${DRIVER})`, () => {
  it('creates, lists and edits a group with the documented field names', async () => {
    const id = await createGroup();
    const list = await as('Ylläpitäjä').get('/api/tieto/questiongroups');
    expect(list.statusCode).toBe(200);
    expect(list.json().message).toBe('Kysymysryhmät haettu');
    const group = list.json().groups.find((g: { id: string }) => g.id === id);
    expect(group).toMatchObject({
      queryQuestionGroupDescrption: 'Kysymyksiä sisäilmasta',
      queryQuestionGroupState: 'Aktiivinen',
      organizationId: fx.orgA.id,
    });
    const edit = await as('Ylläpitäjä').patch('/api/tieto/questiongroup', {
      id,
      queryQuestionGroupName: 'Lämpötila',
      queryQuestionGroupDescrption: 'Kysymyksiä lämmöstä',
      queryQuestionGroupState: 'Passiivinen',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().group).toMatchObject({
      queryQuestionGroupName: 'Lämpötila',
      queryQuestionGroupState: 'Passiivinen',
    });
  });

  it('refuses short texts with the Finnish messages of spec 001 §5', async () => {
    const res = await as('Pääkäyttäjä').post('/api/tieto/questiongroup', {
      queryQuestionGroupName: 'ab',
      queryQuestionGroupDescrption: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      queryQuestionGroupName: 'Nimen pitää olla ainakin 3 merkkiä',
      queryQuestionGroupDescrption: 'Kuvaus on pakollinen tieto',
      queryQuestionGroupState: 'Tila pitää valita',
    });
    const question = await as('Pääkäyttäjä').post('/api/tieto/question', {
      questionDescription: 'ab',
      questionState: 'Aktiivinen',
    });
    expect(question.statusCode).toBe(400);
    expect(question.json().fields).toMatchObject({
      questionDescription: 'Kysymyksen pitää olla ainakin 3 merkkiä',
      questionGroup: 'Ryhmä pitää valita',
    });
  });

  it('keeps management from a Käyttäjä and another organization’s group from B', async () => {
    expect((await as('Käyttäjä').get('/api/tieto/questions')).statusCode).toBe(403);
    const groupId = await createGroup();
    const res = await as('Ylläpitäjä', 'B').post('/api/tieto/question', {
      questionDescription: 'Vieras kysymys',
      questionGroup: groupId,
      questionState: 'Aktiivinen',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'surveys.QUESTION_GROUP_NOT_FOUND',
      error: 'Kysymysryhmää ei löytynyt',
    });
    const groupsOfB = (await as('Ylläpitäjä', 'B').get('/api/tieto/questiongroups')).json().groups;
    expect(groupsOfB.map((g: { id: string }) => g.id)).not.toContain(groupId);
  });
});

describe(`surveys (${DRIVER})`, () => {
  it('stores the comma-joined questions in order in a link table', async () => {
    const groupId = await createGroup();
    const q1 = await createQuestion(groupId);
    const q2 = await createQuestion(groupId);
    const survey = await createSurvey([q2, q1]);
    expect(survey.queryQuestions).toEqual([q2, q1]);
    const rows = await ctx.database.db
      .select()
      .from(queryQuestions)
      .where(eq(queryQuestions.queryId, survey.queryId));
    expect(rows.sort((a, b) => a.position - b.position).map((r) => r.questionId)).toEqual([q2, q1]);
    const questions = await as('Käyttäjä').get(
      `/api/tieto/query-questions/?queryId=${survey.queryId}`,
    );
    expect(questions.statusCode).toBe(200);
    expect(questions.json().questions.map((q: { id: string }) => q.id)).toEqual([q2, q1]);
  });

  it('validates the survey with the spec’s texts and every id in scope', async () => {
    const empty = await as('Pääkäyttäjä').post('/api/tieto/query/', {
      queryTitle: '',
      queryDescription: 'ab',
      queryTargets: [fx.orgA.target.id],
      queryQuestions: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      queryTitle: 'Otsikko on pakollinen tieto',
      queryDescription: 'Kuvauksen pitää olla ainakin 3 merkkiä',
      queryQuestions: 'Kysymykset pitää valita',
      queryState: 'Tila pitää valita',
    });
    const groupB = await createGroup('B');
    const questionB = await createQuestion(groupB, 'B');
    const foreign = await as('Pääkäyttäjä').post('/api/tieto/query/', {
      queryTitle: 'Vieras kysely',
      queryDescription: 'Vieraat kysymykset',
      queryTargets: [fx.orgA.target.id],
      queryQuestions: questionB,
      queryState: 'Aktiivinen',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('surveys.QUESTION_NOT_FOUND');
    const groupA = await createGroup();
    const questionA = await createQuestion(groupA);
    const foreignTarget = await as('Pääkäyttäjä').post('/api/tieto/query/', {
      queryTitle: 'Vieras kohde',
      queryDescription: 'Vieras kohde mukana',
      queryTargets: [fx.orgB.target.id],
      queryQuestions: questionA,
      queryState: 'Aktiivinen',
    });
    expect(foreignTarget.statusCode).toBe(404);
    expect(foreignTarget.json().code).toBe('TARGET_NOT_FOUND');
    // The top administrator must choose the organization.
    const top = await as('Pääylläpitäjä').post('/api/tieto/query/', {
      queryTitle: 'Ylläpidon kysely',
      queryDescription: 'Organisaatio puuttuu',
      queryTargets: [fx.orgA.target.id],
      queryQuestions: questionA,
      queryState: 'Aktiivinen',
    });
    expect(top.statusCode).toBe(400);
    expect(top.json().fields).toEqual({ queryOrganization: 'Organisaatio pitää valita' });
    // …and questions of another organization than the chosen one are refused.
    const mixed = await as('Pääylläpitäjä').post('/api/tieto/query/', {
      queryTitle: 'Ylläpidon kysely',
      queryDescription: 'Väärän organisaation kysymys',
      queryOrganization: fx.orgB.id,
      queryTargets: [fx.orgB.target.id],
      queryQuestions: questionA,
      queryState: 'Aktiivinen',
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().fields).toEqual({
      queryQuestions: 'Kysymysten pitää kuulua kyselyn organisaatioon',
    });
  });

  it('hides organization A’s surveys from B', async () => {
    const survey = await createSurvey([await createQuestion(await createGroup())]);
    const list = await as('Ylläpitäjä', 'B').get('/api/tieto/queries/');
    expect(list.statusCode).toBe(200);
    expect(list.json().queries.map((q: { queryId: string }) => q.queryId)).not.toContain(
      survey.queryId,
    );
    const questions = await as('Käyttäjä', 'B').get(
      `/api/tieto/query-questions/?queryId=${survey.queryId}`,
    );
    expect(questions.statusCode).toBe(404);
    expect(questions.json().error).toBe('Kyselyä ei löytynyt');
  });
});

describe(`answering and results (${DRIVER})`, () => {
  it('takes one answer per user, survey and target, and counts the results', async () => {
    const groupId = await createGroup();
    const q1 = await createQuestion(groupId);
    const q2 = await createQuestion(groupId);
    const survey = await createSurvey([q1, q2]);
    const user = await as.user('Käyttäjä');

    const form = await as('Käyttäjä').get(
      `/api/tieto/query-customer-id/?queryTargetId=${fx.orgA.target.id}&queryId=${survey.queryId}`,
    );
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ answered: false, query: { queryId: survey.queryId } });

    const bad = await as('Käyttäjä').post('/api/tieto/result/', {
      queryId: survey.queryId,
      queryTargetId: fx.orgA.target.id,
      answers: { [q1]: '6', [q2]: '3' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.values(bad.json().fields)).toContain('Vastauksen pitää olla 1–5');

    const missing = await as('Käyttäjä').post('/api/tieto/result/', {
      queryId: survey.queryId,
      queryTargetId: fx.orgA.target.id,
      answers: { [q1]: '5' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ answers: 'Vastaa jokaiseen kysymykseen' });

    const noTarget = await as('Käyttäjä').post('/api/tieto/result/', {
      queryId: survey.queryId,
      answers: { [q1]: '5', [q2]: '4' },
    });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().fields).toEqual({ queryTargetId: 'Pakollinen kenttä' });

    const first = await as('Käyttäjä').post('/api/tieto/result/', {
      queryId: survey.queryId,
      queryTargetId: fx.orgA.target.id,
      queryUserId: user.id,
      answers: { [q1]: '5', [q2]: 4 },
      queryComment: 'Ilma on <b>hyvä</b>',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Kiitos vastauksestasi!',
      result: { answers: { [q1]: '5', [q2]: '4' }, queryComment: 'Ilma on <b>hyvä</b>' },
    });

    const second = await as('Käyttäjä').post('/api/tieto/result/', {
      queryId: survey.queryId,
      queryTargetId: fx.orgA.target.id,
      answers: { [q1]: '1', [q2]: '1' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'surveys.ALREADY_ANSWERED',
      error: 'Olet jo vastannut tähän kyselyyn tämän kohteen osalta. Vastausta ei voi muuttaa.',
    });
    const stored = await ctx.database.db
      .select({ n: count() })
      .from(queryResults)
      .where(eq(queryResults.queryId, survey.queryId));
    expect(stored[0]?.n).toBe(1);

    const again = await as('Käyttäjä').get(
      `/api/tieto/query-customer-id/?queryTargetId=${fx.orgA.target.id}&queryId=${survey.queryId}`,
    );
    expect(again.json().answered).toBe(true);

    // Two more answers from staff, then the figures: 3 answers per question.
    for (const [role, a1, a2] of [
      ['Pääkäyttäjä', '5', '2'],
      ['Ylläpitäjä', '3', '4'],
    ] as const) {
      const res = await as(role).post('/api/tieto/result/', {
        queryId: survey.queryId,
        queryTargetId: fx.orgA.target.id,
        answers: { [q1]: a1, [q2]: a2 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const results = await as('Pääkäyttäjä').get(`/api/tieto/results/?queryId=${survey.queryId}`);
    expect(results.statusCode).toBe(200);
    const body = results.json();
    expect(body.answerCount).toBe(3);
    const [r1, r2] = body.results;
    expect(r1).toMatchObject({ id: q1, a1: 0, a2: 0, a3: 1, a4: 0, a5: 2, total: 3 });
    expect(r1.percentages).toEqual({ a1: 0, a2: 0, a3: 33.33, a4: 0, a5: 66.67 });
    expect(r2).toMatchObject({ id: q2, a2: 1, a4: 2, total: 3 });
    expect(r2.percentages).toEqual({ a1: 0, a2: 33.33, a3: 0, a4: 66.67, a5: 0 });

    const all = await as('Pääkäyttäjä').get(`/api/tieto/all-results/?queryId=${survey.queryId}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().results).toHaveLength(3);
    expect(
      (await as('Käyttäjä').get(`/api/tieto/results/?queryId=${survey.queryId}`)).statusCode,
    ).toBe(403);
    expect(
      (await as('Ylläpitäjä', 'B').get(`/api/tieto/results/?queryId=${survey.queryId}`)).statusCode,
    ).toBe(404);

    // Once answered, the questions stay.
    const edit = await as('Pääkäyttäjä').patch('/api/tieto/query', {
      queryId: survey.queryId,
      queryTitle: 'Muutettu kysely',
      queryDescription: 'Muutettu kuvaus',
      queryTargets: [fx.orgA.target.id],
      queryQuestions: q1,
      queryState: 'Aktiivinen',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('surveys.QUERY_HAS_ANSWERS');
  });

  it('refuses a survey of another target and a target of another organization', async () => {
    const otherTarget = await fx.create.target(fx.orgA.id);
    const user = await as.user('Käyttäjä');
    await fx.create.link(user.id, otherTarget);
    const q = await createQuestion(await createGroup());
    const survey = await createSurvey([q], [otherTarget]);
    const wrong = await as('Käyttäjä').post('/api/tieto/result/', {
      queryId: survey.queryId,
      queryTargetId: fx.orgA.target.id,
      answers: { [q]: '3' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ queryTargetId: 'Kysely ei koske valittua kohdetta' });

    const foreign = await as('Käyttäjä').post('/api/tieto/result/', {
      queryId: survey.queryId,
      queryTargetId: fx.orgB.target.id,
      answers: { [q]: '3' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('TARGET_NOT_FOUND');

    const fromB = await as('Käyttäjä', 'B').post('/api/tieto/result/', {
      queryId: survey.queryId,
      queryTargetId: fx.orgB.target.id,
      answers: { [q]: '3' },
    });
    expect(fromB.statusCode).toBe(404);
    expect(fromB.json().code).toBe('surveys.QUERY_NOT_FOUND');
  });

  it('takes no answer to a Passiivinen survey and lets its title change without answers', async () => {
    const q = await createQuestion(await createGroup());
    const survey = await createSurvey([q]);
    const closed = await as('Pääkäyttäjä').patch('/api/tieto/query', {
      queryId: survey.queryId,
      queryTitle: 'Suljettu kysely',
      queryDescription: 'Ei enää vastauksia',
      queryTargets: [fx.orgA.target.id],
      queryQuestions: q,
      queryState: 'Passiivinen',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().query).toMatchObject({
      queryTitle: 'Suljettu kysely',
      queryState: 'Passiivinen',
    });
    const res = await as('Käyttäjä').post('/api/tieto/result/', {
      queryId: survey.queryId,
      queryTargetId: fx.orgA.target.id,
      answers: { [q]: '2' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'surveys.QUERY_CLOSED',
      error: 'Kysely ei ole avoinna',
    });
  });

  it('takes answers only between its opening and closing days, with a Finnish message outside them', async () => {
    const q = await createQuestion(await createGroup());
    const survey = await createSurvey([q]);
    const today = helsinkiToday();
    const edit = (days: { queryOpensOn?: string | null; queryClosesOn?: string | null }) =>
      as('Pääkäyttäjä').patch('/api/tieto/query', {
        queryId: survey.queryId,
        queryTitle: 'Ajastettu kysely',
        queryDescription: 'Avoinna vain määräpäivinä',
        queryTargets: [fx.orgA.target.id],
        queryQuestions: q,
        queryState: 'Aktiivinen',
        ...days,
      });
    const answer = () =>
      as('Käyttäjä').post('/api/tieto/result/', {
        queryId: survey.queryId,
        queryTargetId: fx.orgA.target.id,
        answers: { [q]: '4' },
      });
    const backwards = await edit({ queryOpensOn: today, queryClosesOn: addDays(today, -1) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({
      queryClosesOn: 'Päättymispäivä ei voi olla ennen alkamispäivää',
    });
    expect((await edit({ queryOpensOn: '2026-02-30' })).statusCode).toBe(400);

    expect((await edit({ queryOpensOn: addDays(today, 1) })).statusCode).toBe(200);
    const early = await answer();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'surveys.QUERY_NOT_OPEN_YET',
      error: 'Kysely ei ole vielä avoinna',
    });
    const late = await edit({ queryOpensOn: null, queryClosesOn: addDays(today, -1) });
    expect(late.json().query).toMatchObject({
      queryOpensOn: null,
      queryClosesOn: addDays(today, -1),
    });
    expect((await answer()).json()).toMatchObject({
      code: 'surveys.QUERY_ENDED',
      error: 'Kysely on päättynyt',
    });
    // Both days included; a title edit leaves the days as they are.
    expect((await edit({ queryOpensOn: today, queryClosesOn: today })).statusCode).toBe(200);
    const kept = await edit({});
    expect(kept.json().query).toMatchObject({ queryOpensOn: today, queryClosesOn: today });
    expect((await answer()).statusCode).toBe(201);
  });

  it('reminds by mail the audience members who have not answered, each in their language', async () => {
    const q = await createQuestion(await createGroup());
    const survey = await createSurvey([q]);
    const answered = await as.user('Käyttäjä');
    const sent = await as('Käyttäjä').post('/api/tieto/result/', {
      queryId: survey.queryId,
      queryTargetId: fx.orgA.target.id,
      answers: { [q]: '3' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const res = await as('Pääkäyttäjä').post('/api/tieto/query-reminder', {
      queryId: survey.queryId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { reminded, remindedAt, message } = res.json();
    expect(reminded).toBeGreaterThan(0);
    expect(remindedAt).toMatch(/^\d{4}-/);
    expect(message).toBe(`Muistutus lähetetty vastaamatta jättäneille: ${reminded}`);
    const title = (await as('Pääkäyttäjä').get('/api/tieto/queries'))
      .json()
      .queries.find((query: { queryId: string }) => query.queryId === survey.queryId).queryTitle;
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Vahti: muistutus kyselystä ${title}`));
    expect(mails).toHaveLength(reminded);
    expect(mails.map((mail) => mail.toAddress)).not.toContain(answered.email);
    expect(mails[0]?.textBody).toContain('/#/tieto/show-survey-form');

    // At most one reminder a day: the second is refused in Finnish and mails no one.
    const again = await as('Ylläpitäjä').post('/api/tieto/query-reminder', {
      queryId: survey.queryId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'surveys.REMINDED_RECENTLY',
      error: expect.stringMatching(/^Muistutus on jo lähetetty viimeisen 24 tunnin aikana/),
    });
    const record = async () =>
      (await as('Pääkäyttäjä').get('/api/tieto/queries'))
        .json()
        .queries.find((query: { queryId: string }) => query.queryId === survey.queryId);
    expect(await record()).toMatchObject({ queryRemindedAt: remindedAt, queryReminderCount: 1 });
    // A day later the next one goes and is counted.
    await ctx.database.db
      .update(queries)
      .set({ remindedAt: new Date(Date.now() - 24 * 3600_000) })
      .where(eq(queries.id, survey.queryId));
    const next = await as('Pääkäyttäjä').post('/api/tieto/query-reminder', {
      queryId: survey.queryId,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().reminderCount).toBe(2);
    expect((await record()).queryReminderCount).toBe(2);
    expect(
      (
        await ctx.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.subject, `Vahti: muistutus kyselystä ${title}`))
      ).length,
    ).toBe(reminded * 2);

    expect(
      (await as('Käyttäjä').post('/api/tieto/query-reminder', { queryId: survey.queryId }))
        .statusCode,
    ).toBe(403);
    const foreign = await as('Ylläpitäjä', 'B').post('/api/tieto/query-reminder', {
      queryId: survey.queryId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('surveys.QUERY_NOT_FOUND');
  });

  it('keeps a Käyttäjä to the surveys of their own targets', async () => {
    const unlinked = await fx.create.target(fx.orgA.id);
    const q = await createQuestion(await createGroup());
    const survey = await createSurvey([q], [unlinked]);
    const list = await as('Käyttäjä').get('/api/tieto/all-queries-by-targets/');
    expect(list.statusCode).toBe(200);
    expect(list.json().queries.map((s: { queryId: string }) => s.queryId)).not.toContain(
      survey.queryId,
    );
    const res = await as('Käyttäjä').post('/api/tieto/result/', {
      queryId: survey.queryId,
      queryTargetId: unlinked,
      answers: { [q]: '3' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TARGET_NOT_FOUND');
  });
});

describe(`survey sections (${DRIVER})`, () => {
  it('gives the questions section by section, each with its group as title, in answers and results', async () => {
    const [indoor, noise] = [await createGroup(), await createGroup()];
    const q1 = await createQuestion(indoor);
    const q2 = await createQuestion(noise);
    const q3 = await createQuestion(indoor);
    // Chosen in the order indoor, noise, indoor: the indoor section comes first with both.
    const survey = await createSurvey([q1, q2, q3]);
    expect(survey.queryQuestions).toEqual([q1, q2, q3]);
    const form = await as('Käyttäjä').get(
      `/api/tieto/query-customer-id?queryTargetId=${fx.orgA.target.id}&queryId=${survey.queryId}`,
    );
    expect(form.statusCode, form.body).toBe(200);
    const sections = (rows: { id: string; questionGroup: string }[]) =>
      rows.map((row) => [row.questionGroup, row.id]);
    expect(sections(form.json().questions)).toEqual([
      [indoor, q1],
      [indoor, q3],
      [noise, q2],
    ]);
    expect(form.json().questions[0]).toMatchObject({
      queryQuestionGroupName: expect.stringMatching(/^Sisäilma /),
      queryQuestionGroupDescrption: 'Kysymyksiä sisäilmasta',
    });
    // The creator's preview reads the same list before anyone answers.
    const preview = await as('Pääkäyttäjä').get(
      `/api/tieto/query-questions?queryId=${survey.queryId}`,
    );
    expect(sections(preview.json().questions)).toEqual(sections(form.json().questions));
    const results = await as('Pääkäyttäjä').get(`/api/tieto/results?queryId=${survey.queryId}`);
    expect(sections(results.json().results)).toEqual(sections(form.json().questions));
  });
});
