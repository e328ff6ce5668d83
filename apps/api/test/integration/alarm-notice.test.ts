import { addDays, helsinkiToday } from '@vahti/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmEvents,
  auditLog,
  discussions,
  mailOutbox,
  queries,
  queryQuestions,
  queryTargets,
  questions,
} from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { createAlarm } from '../helpers/alarm-fixtures.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const QUESTION = 'Miltä sisäilma tuntuu nyt?';

const notice = (id: string, more: Record<string, unknown> = {}) => ({
  id,
  key: crypto.randomUUID(),
  discussionTitle: 'Hiilidioksidi koholla',
  discussionDescription: 'Mittari mittasi 1500 ppm. Mitä tehdään: ilmanvaihto tarkistetaan.',
  discussion: true,
  survey: true,
  surveyDays: 5,
  ...more,
});

const mailsTitled = (title: string) =>
  fx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.subject, `Vahti: ${title}`));

const noticesOf = (alarmId: string) =>
  fx.db
    .select()
    .from(alarmEvents)
    .where(and(eq(alarmEvents.alarmId, alarmId), eq(alarmEvents.kind, 'notified')));

describe(`Tiedota asukkaille (${DRIVER})`, () => {
  it('opens the discussion and the follow-up survey of the target in one call, linked from the timeline and audited', async () => {
    const { alarmId } = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const res = await as('Pääkäyttäjä').post('/api/alarms/notice', notice(alarmId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Asukkaita tiedotettu');
    const entry = res.json().alarm.timeline.at(-1);
    expect(entry).toMatchObject({ kind: 'notified', fullName: expect.stringMatching(/\S/) });

    const [discussion] = await fx.db
      .select()
      .from(discussions)
      .where(eq(discussions.discussionId, entry.discussionId));
    expect(discussion).toMatchObject({
      organizationId: fx.orgA.id,
      targetId: fx.orgA.target.id,
      discussionTitle: 'Hiilidioksidi koholla',
      moderatorId: (await as.user('Pääkäyttäjä')).id,
    });

    const today = helsinkiToday();
    const [survey] = await fx.db.select().from(queries).where(eq(queries.id, entry.queryId));
    expect(survey).toMatchObject({
      organizationId: fx.orgA.id,
      title: 'Hiilidioksidi koholla',
      description: expect.stringContaining('ilmanvaihto tarkistetaan'),
      opensOn: today,
      closesOn: addDays(today, 4),
    });
    const targets = await fx.db
      .select({ id: queryTargets.targetId })
      .from(queryTargets)
      .where(eq(queryTargets.queryId, entry.queryId));
    expect(targets).toEqual([{ id: fx.orgA.target.id }]);
    const asked = await fx.db
      .select({ description: questions.description })
      .from(queryQuestions)
      .innerJoin(questions, eq(questions.id, queryQuestions.questionId))
      .where(eq(queryQuestions.queryId, entry.queryId));
    expect(asked).toEqual([{ description: QUESTION }]);

    const audit = await fx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alarm.notice'), eq(auditLog.entityId, alarmId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({
      discussionId: entry.discussionId,
      queryId: entry.queryId,
    });

    // The target's residents get the survey by mail, each once, with the notice and a link.
    const mails = await mailsTitled('Hiilidioksidi koholla');
    expect(mails.map((mail) => mail.toAddress)).toContain((await as.user('Käyttäjä')).email);
    expect(mails[0]?.textBody).toContain('ilmanvaihto tarkistetaan');
    expect(mails[0]?.textBody).toContain(`/#/tieto/show-survey-form?queryId=${entry.queryId}`);
    expect(mails[0]?.textBody).toContain(addDays(today, 4).split('-').reverse().join('.'));

    // A second alarm's survey asks the same question, not a copy of it.
    const other = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const again = await as('Ylläpitäjä').post(
      '/api/alarms/notice',
      notice(other.alarmId, { discussion: false }),
    );
    expect(again.statusCode, again.body).toBe(200);
    const [second] = await noticesOf(other.alarmId);
    expect(second).toMatchObject({ discussionId: null, queryId: expect.any(String) });
    const copies = await fx.db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.organizationId, fx.orgA.id), eq(questions.description, QUESTION)));
    expect(copies).toHaveLength(1);
  });

  it('makes nothing new for the same key: a double click or a retry sends once', async () => {
    const { alarmId } = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const body = notice(alarmId, { discussionTitle: 'Tuplaklikkaus' });
    const [one, two] = await Promise.all([
      as('Pääkäyttäjä').post('/api/alarms/notice', body),
      as('Pääkäyttäjä').post('/api/alarms/notice', body),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const retry = await as('Pääkäyttäjä').post('/api/alarms/notice', body);
    expect(retry.statusCode).toBe(200);
    const entries = await noticesOf(alarmId);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(
      retry.json().alarm.timeline.filter((e: { kind: string }) => e.kind === 'notified'),
    ).toEqual([
      expect.objectContaining({ discussionId: entry?.discussionId, queryId: entry?.queryId }),
    ]);
    const made = await fx.db
      .select({ id: discussions.discussionId })
      .from(discussions)
      .where(eq(discussions.discussionTitle, body.discussionTitle));
    expect(made).toEqual([{ id: entry?.discussionId }]);
    const surveys = await fx.db
      .select({ id: queries.id })
      .from(queries)
      .where(eq(queries.title, body.discussionTitle));
    expect(surveys).toEqual([{ id: entry?.queryId }]);
    const mailed = (await mailsTitled(body.discussionTitle)).map((mail) => mail.toAddress);
    expect(mailed.length).toBeGreaterThan(0);
    expect(new Set(mailed).size).toBe(mailed.length);
    // A new dialog (a new key) tells them again.
    const next = await as('Pääkäyttäjä').post('/api/alarms/notice', {
      ...body,
      key: crypto.randomUUID(),
    });
    expect(next.statusCode).toBe(200);
    expect(await noticesOf(alarmId)).toHaveLength(2);
  });

  it('is for Tieto’s staff of the alarm’s organization: a Käyttäjä 403, another organization 404', async () => {
    const { alarmId } = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const user = await as('Käyttäjä').post('/api/alarms/notice', notice(alarmId));
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('FORBIDDEN');
    const foreign = await as('Ylläpitäjä', 'B').post('/api/alarms/notice', notice(alarmId));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'alarm.ALARM_NOT_FOUND',
      error: 'Hälytystä ei löytynyt',
    });
    const missing = await as('Pääkäyttäjä').post('/api/alarms/notice', notice(fx.missing));
    expect(missing.statusCode).toBe(404);
    expect(await noticesOf(alarmId)).toHaveLength(0);
  });

  it('answers bad input with a Finnish message naming the field', async () => {
    const { alarmId } = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const send = (more: Record<string, unknown>) =>
      as('Pääkäyttäjä').post('/api/alarms/notice', notice(alarmId, more));
    const neither = await send({ discussion: false, survey: false });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fields).toEqual({ discussion: 'Valitse tiedote, kysely tai molemmat' });
    for (const surveyDays of [0, 31, 2.5, '7']) {
      const days = await send({ surveyDays });
      expect(days.statusCode).toBe(400);
      expect(days.json().fields).toEqual({ surveyDays: 'Kyselyn kesto on 1–30 päivää' });
    }
    const noTitle = await send({ discussionTitle: '' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fields.discussionTitle).toMatch(/Otsikko/);
    const noText = await send({ discussionDescription: undefined });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().fields).toEqual({ discussionDescription: 'Kuvaus on pakollinen tieto' });
    const badKey = await send({ key: 'tupla' });
    expect(badKey.statusCode).toBe(400);
    expect(Object.keys(badKey.json().fields)).toEqual(['key']);
    expect(await noticesOf(alarmId)).toHaveLength(0);
  });

  it('shows the residents’ answers per day beside the device’s chart to those who see survey results', async () => {
    const { alarmId, deviceId } = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const sent = await as('Pääkäyttäjä').post(
      '/api/alarms/notice',
      notice(alarmId, { discussion: false }),
    );
    const { queryId } = sent.json().alarm.timeline.at(-1);
    const [question] = await fx.db
      .select({ id: queryQuestions.questionId })
      .from(queryQuestions)
      .where(eq(queryQuestions.queryId, queryId));
    const url = `/api/device-follow-ups?id=${deviceId}`;
    const before = await as('Pääkäyttäjä').get(url);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      message: 'Seurantakyselyjen vastaukset haettu',
      followUps: [],
    });

    for (const [role, value] of [
      ['Käyttäjä', 2],
      ['Pääkäyttäjä', 5],
    ] as const) {
      const answer = await as(role).post('/api/tieto/result/', {
        queryId,
        queryTargetId: fx.orgA.target.id,
        answers: { [question?.id as string]: String(value) },
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const after = await as('Pääkäyttäjä').get(url);
    expect(after.json().followUps).toEqual([
      {
        queryId,
        queryTitle: 'Hiilidioksidi koholla',
        alarmId,
        days: [{ day: helsinkiToday(), average: 3.5, count: 2 }],
      },
    ]);
    // The period is the chart's: answers of today are outside last week.
    const lastWeek = await as('Pääkäyttäjä').get(
      `${url}&sd=${addDays(helsinkiToday(), -8)}&ed=${addDays(helsinkiToday(), -1)}`,
    );
    expect(lastWeek.json().followUps).toEqual([]);

    expect((await as('Käyttäjä').get(url)).statusCode).toBe(403);
    const foreign = await as('Ylläpitäjä', 'B').get(url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('DEVICE_NOT_FOUND');
    const reversed = await as('Pääkäyttäjä').get(`${url}&sd=2026-03-05&ed=2026-03-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual({ ed: 'Loppupäivä ei voi olla ennen alkupäivää' });
  });
});
