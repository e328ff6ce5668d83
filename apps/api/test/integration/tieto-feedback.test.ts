import { readdirSync } from 'node:fs';
import path from 'node:path';
import { FEEDBACK_PHOTO_MAX_BYTES } from '@vahti/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalJpeg } from '../../src/db/demo/materialbank.js';
import { mailOutbox, users } from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { createDiscussion } from '../helpers/discussions.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { pngImage } from '../helpers/images.js';
import { multipartBody } from '../helpers/multipart.js';

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

  it('is a conversation: staff set the state and reply, never the sender’s words; each change is mailed in the sender’s language', async () => {
    const sender = await as.user('Käyttäjä');
    const id = (await send('Suljettava palaute')).json().feedback.id;
    const before = await newCount();
    const mailsTo = async () =>
      ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, sender.email));
    const already = (await mailsTo()).length;
    await ctx.database.db.update(users).set({ language: 'sv' }).where(eq(users.userId, sender.id));
    const reply = await as('Pääkäyttäjä').patch('/api/tieto/feedback', {
      id,
      // The spec's dialog sends the sender's words too; they are not the staff's to rewrite.
      feedbackTitle: 'Kaapattu otsikko',
      feedbackTargetId: fx.orgA.target.id,
      feedbackMessage: 'Kaapattu viesti',
      feedbackState: 'Suljettu',
      feedbackReply: 'Hana vaihdettiin tiistaina.',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().feedback).toMatchObject({
      feedbackTitle: 'Suljettava palaute',
      feedbackMessage: 'Keittiön hana vuotaa <script>alert(1)</script>',
      feedbackState: 'Suljettu',
      feedbackReply: 'Hana vaihdettiin tiistaina.',
    });
    expect(reply.json().feedback.replierName).toBeTruthy();
    expect(reply.json().feedback.repliedAt).toMatch(/^\d{4}-/);
    expect(await newCount()).toBe(before - 1);

    // The sender sees it under 'Omat palautteet'; nobody else's feedback is there.
    const own = await as('Käyttäjä').get('/api/tieto/own-feedbacks');
    expect(own.statusCode).toBe(200);
    const mine = own.json().feedbacks.find((f: { id: string }) => f.id === id);
    expect(mine).toMatchObject({
      feedbackState: 'Suljettu',
      feedbackReply: 'Hana vaihdettiin tiistaina.',
    });
    const others = await as('Pääkäyttäjä').get('/api/tieto/own-feedbacks');
    expect(others.json().feedbacks.map((f: { id: string }) => f.id)).not.toContain(id);

    let mails = (await mailsTo()).slice(already);
    expect(mails.map((m) => m.subject)).toEqual(['Vahti: din respons har besvarats']);
    expect(mails[0]?.textBody).toContain('din respons "Suljettava palaute"');
    expect(mails[0]?.textBody).toContain('är nu Stängd');
    expect(mails[0]?.textBody).toContain('Hana vaihdettiin tiistaina.');
    expect(mails[0]?.textBody).toContain('/#/tieto/own-feedbacks');

    // Saving it unchanged sends nothing; reopening (state only) mails the state.
    const same = { id, feedbackState: 'Suljettu', feedbackReply: 'Hana vaihdettiin tiistaina.' };
    expect((await as('Pääkäyttäjä').patch('/api/tieto/feedback', same)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ language: 'fi' }).where(eq(users.userId, sender.id));
    const reopen = await as('Ylläpitäjä').patch('/api/tieto/feedback', {
      id,
      feedbackState: 'Uusi',
    });
    expect(reopen.json().feedback.feedbackReply).toBe('Hana vaihdettiin tiistaina.');
    mails = (await mailsTo()).slice(already);
    expect(mails.map((m) => m.subject)).toEqual([
      'Vahti: din respons har besvarats',
      'Vahti: palautteesi tila muuttui',
    ]);
    expect(mails[1]?.textBody).toContain('on nyt tilassa Uusi');
    expect(mails[1]?.textBody).not.toContain('Hana vaihdettiin');

    const tooLong = await as('Pääkäyttäjä').patch('/api/tieto/feedback', {
      id,
      feedbackState: 'Uusi',
      feedbackReply: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({
      feedbackReply: 'Vastauksessa voi olla enintään 2000 merkkiä',
    });
    expect((await as('Käyttäjä').patch('/api/tieto/feedback', same)).statusCode).toBe(403);
  });
});

describe(`feedback photo (${DRIVER})`, () => {
  const JPG = minimalJpeg();
  const photoUrl = (id: string) => `/api/tieto/feedback-photo?id=${id}`;
  const upload = (content: Uint8Array, name = 'kuva.jpg', type = 'image/jpeg') =>
    multipartBody({}, { name, type, content });
  const storedPhotos = () => {
    try {
      return readdirSync(path.join(ctx.config.dataDir, 'feedback')).filter(
        (f) => !f.startsWith('.'),
      );
    } catch {
      return [];
    }
  };

  it('takes one JPEG from the sender, judged by its content, and shows it to the sender and staff', async () => {
    const id = (await send('Kuvallinen palaute')).json().feedback.id as string;
    const before = storedPhotos();
    // Named and declared a JPEG but a PNG inside: refused by the content check, nothing stored.
    const png = await upload(pngImage(4, 4));
    const wrong = await as('Käyttäjä').put(photoUrl(id), png.payload, { headers: png.headers });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.file).toBe(
      'Kuva: vain JPG-kuvat kelpaavat (tiedoston sisältö tarkistetaan)',
    );
    const big = await upload(Buffer.concat([JPG, Buffer.alloc(FEEDBACK_PHOTO_MAX_BYTES)]));
    const tooLarge = await as('Käyttäjä').put(photoUrl(id), big.payload, { headers: big.headers });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 'feedback.PHOTO_TOO_LARGE',
      fields: { file: 'Kuva on liian suuri: enintään 5 Mt' },
    });
    expect(storedPhotos()).toEqual(before);
    expect((await as('Käyttäjä').get(photoUrl(id))).json().code).toBe('feedback.PHOTO_NOT_FOUND');

    // Any name: the content decides.
    const good = await upload(JPG, 'IMG_0001', 'application/octet-stream');
    const saved = await as('Käyttäjä').put(photoUrl(id), good.payload, { headers: good.headers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Kuva tallennettu');
    expect(storedPhotos()).toHaveLength(before.length + 1);
    for (const role of ['Käyttäjä', 'Pääkäyttäjä'] as const) {
      const got = await as(role).get(photoUrl(id));
      expect(got.statusCode, role).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.rawPayload.equals(JPG)).toBe(true);
    }
    const own = (await as('Käyttäjä').get('/api/tieto/own-feedbacks')).json().feedbacks;
    expect(own.find((f: { id: string }) => f.id === id).feedbackPhoto).toBe(true);

    // A second photo replaces the first in storage.
    const again = await as('Käyttäjä').put(photoUrl(id), good.payload, { headers: good.headers });
    expect(again.statusCode).toBe(200);
    expect(storedPhotos()).toHaveLength(before.length + 1);
  });

  it('is the sender’s alone to attach and reaches no one outside the feedback’s readers', async () => {
    const id = (await send('Toisen palaute')).json().feedback.id as string;
    const good = await upload(JPG);
    // Staff read the feedback but never change the sender's words or picture.
    const staff = await as('Ylläpitäjä').put(photoUrl(id), good.payload, { headers: good.headers });
    expect(staff.statusCode).toBe(404);
    expect(staff.json().code).toBe('feedback.FEEDBACK_NOT_FOUND');
    expect(
      (await as('Käyttäjä').put(photoUrl(id), good.payload, { headers: good.headers })).statusCode,
    ).toBe(200);
    // Another resident of the same target does not read someone else's feedback.
    const neighbour = await fx.create.account(fx.orgA.id, 'Käyttäjä');
    await fx.create.link(neighbour.id, fx.orgA.target.id);
    const other = await as
      .withToken(await as.signIn(neighbour.email, neighbour.password))
      .get(photoUrl(id));
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('feedback.FEEDBACK_NOT_FOUND');
    const foreign = await as('Ylläpitäjä', 'B').get(photoUrl(id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('feedback.FEEDBACK_NOT_FOUND');
    const json = await as('Käyttäjä').put(photoUrl(id), { file: 'x' });
    expect(json.statusCode).toBe(415);
    const badId = await as('Käyttäjä').put(photoUrl('x'), good.payload, { headers: good.headers });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields.id).toBeDefined();
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
