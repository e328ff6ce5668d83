import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { createDiscussion } from '../helpers/discussions.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const send = (title = 'Vuotava hana', org: 'A' | 'B' = 'A') =>
  as('Käyttäjä', org).post('/api/tieto/feedback/', {
    feedbackTitle: title,
    feedbackTargetId: fx.org(org).target.id,
    feedbackMessage: 'Keittiön hana vuotaa <script>alert(1)</script>',
  });

const newCount = async () =>
  (await as('Pääkäyttäjä').get('/api/tieto/new-feedbacks/')).json().feedbacks.length as number;

describe(`feedback (${DRIVER})`, () => {
  it('is sent by a Käyttäjä about their target and listed for the staff', async () => {
    const before = await newCount();
    const res = await send();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Palaute lähetetty',
      feedback: {
        feedbackTitle: 'Vuotava hana',
        feedbackMessage: 'Keittiön hana vuotaa <script>alert(1)</script>',
        feedbackState: 'Uusi',
        organizationId: fx.orgA.id,
        Targets: [{ targetName: fx.orgA.target.name }],
      },
    });
    const id = res.json().feedback.id;
    expect(await newCount()).toBe(before + 1);
    for (const url of [
      '/api/tieto/feedbacks/',
      `/api/tieto/organization-feedbacks/?feedbackOrganizationId=${fx.orgA.id}`,
      `/api/tieto/target-feedbacks/?feedbackTargetId=${fx.orgA.target.id}`,
      `/api/tieto/new-feedbacks/?feedbackOrganizationId=${fx.orgA.id}&feedbackTargetId=${fx.orgA.target.id}`,
    ]) {
      const list = await as('Ylläpitäjä').get(url);
      expect(list.statusCode, url).toBe(200);
      expect(
        list.json().feedbacks.map((f: { id: string }) => f.id),
        url,
      ).toContain(id);
    }
    expect((await as('Käyttäjä').get('/api/tieto/feedbacks/')).statusCode).toBe(403);
  });

  it('refuses bad input with the Finnish texts of spec 001 §5', async () => {
    const long = await as('Käyttäjä').post('/api/tieto/feedback/', {
      feedbackTitle: 'ab',
      feedbackTargetId: fx.orgA.target.id,
      feedbackMessage: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({
      feedbackTitle: 'Otsikon pitää olla ainakin 3 merkkiä',
      feedbackMessage: 'Viestin pitää olla vähintään 3 merkkiä tai enintään 500 merkkiä',
    });
    const exact = await as('Käyttäjä').post('/api/tieto/feedback/', {
      feedbackTitle: 'Pitkä viesti',
      feedbackTargetId: fx.orgA.target.id,
      feedbackMessage: 'x'.repeat(500),
    });
    expect(exact.statusCode).toBe(201);
    const noTarget = await as('Käyttäjä').post('/api/tieto/feedback/', {
      feedbackTitle: 'Ilman kohdetta',
      feedbackMessage: 'Viesti',
    });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().fields).toEqual({ feedbackTargetId: 'Kohde pitää valita' });
  });

  it('keeps organizations apart', async () => {
    const res = await as('Käyttäjä').post('/api/tieto/feedback/', {
      feedbackTitle: 'Vieras kohde',
      feedbackTargetId: fx.orgB.target.id,
      feedbackMessage: 'Viesti toiseen organisaatioon',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TARGET_NOT_FOUND');
    const ofA = (await send('Organisaation A palaute')).json().feedback.id;
    const listB = (await as('Ylläpitäjä', 'B').get('/api/tieto/feedbacks/')).json().feedbacks;
    expect(listB.map((f: { id: string }) => f.id)).not.toContain(ofA);
    const edit = await as('Ylläpitäjä', 'B').patch('/api/tieto/feedback', {
      id: ofA,
      feedbackTitle: 'Kaapattu',
      feedbackTargetId: fx.orgB.target.id,
      feedbackMessage: 'Kaapattu viesti',
      feedbackState: 'Suljettu',
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({
      code: 'feedback.FEEDBACK_NOT_FOUND',
      error: 'Palautetta ei löytynyt',
    });
  });

  it('closing mails the sender once, in Finnish, and the new count falls', async () => {
    const sender = await as.user('Käyttäjä');
    const id = (await send('Suljettava palaute')).json().feedback.id;
    const before = await newCount();
    const close = await as('Pääkäyttäjä').patch('/api/tieto/feedback', {
      id,
      feedbackTitle: 'Suljettava palaute',
      feedbackTargetId: fx.orgA.target.id,
      feedbackMessage: 'Hana korjattu',
      feedbackState: 'Suljettu',
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().feedback.feedbackState).toBe('Suljettu');
    expect(await newCount()).toBe(before - 1);
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, sender.email));
    const closed = mails.filter((m) => m.subject === 'Vahti: palautteesi on käsitelty');
    expect(closed).toHaveLength(1);
    expect(closed[0]?.textBody).toContain('palautteesi "Suljettava palaute"');
    // Saving it again closed sends nothing more.
    await as('Pääkäyttäjä').patch('/api/tieto/feedback', {
      id,
      feedbackTitle: 'Suljettava palaute',
      feedbackTargetId: fx.orgA.target.id,
      feedbackMessage: 'Hana korjattu uudestaan',
      feedbackState: 'Suljettu',
    });
    const after = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, sender.email));
    expect(after.filter((m) => m.subject === 'Vahti: palautteesi on käsitelty')).toHaveLength(1);
  });
});

describe(`the Tieto dashboard (${DRIVER})`, () => {
  it('counts discussions, feedback, surveys and users of the organization and per target', async () => {
    const before = (await as('Pääkäyttäjä').get('/api/tieto/dashboard')).json();
    await send('Laskettava palaute');
    await createDiscussion(fx, fx.orgA);
    await createDiscussion(fx, fx.orgB);
    const res = await as('Pääkäyttäjä').get('/api/tieto/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organization).toMatchObject({
      organizationId: fx.orgA.id,
      organizationName: fx.orgA.name,
    });
    expect(body.organization.counts.feedbacks).toBe(before.organization.counts.feedbacks + 1);
    expect(body.organization.counts.discussions).toBe(before.organization.counts.discussions + 1);
    expect(body.organization.counts.users).toBeGreaterThan(0);
    const target = body.targets.find((t: { targetId: string }) => t.targetId === fx.orgA.target.id);
    const targetBefore = before.targets.find(
      (t: { targetId: string }) => t.targetId === fx.orgA.target.id,
    );
    expect(target.counts.feedbacks).toBe(targetBefore.counts.feedbacks + 1);
    expect(target.counts.discussions).toBe(targetBefore.counts.discussions + 1);
    expect(target.counts.users).toBeGreaterThan(0);

    const user = await as.user('Käyttäjä');
    const mine = (await as('Käyttäjä').get('/api/tieto/dashboard')).json();
    expect(mine.targets.length).toBeGreaterThan(0);
    expect(mine.targets.length).toBeLessThanOrEqual(body.targets.length);
    expect(user.organizationId).toBe(fx.orgA.id);

    const foreign = await as('Ylläpitäjä', 'B').get(
      `/api/tieto/dashboard?organizationId=${fx.orgA.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ORGANIZATION_NOT_FOUND');
    const top = await as('Pääylläpitäjä').get(`/api/tieto/dashboard?organizationId=${fx.orgB.id}`);
    expect(top.statusCode).toBe(200);
    expect(top.json().organization.organizationName).toBe(fx.orgB.name);
  });
});
