import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  discussionComments,
  discussionFollowers,
  discussionSubComments,
  mailOutbox,
  targets,
  users,
  userTargets,
} from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import type { TestContext } from '../helpers/app.js';
import {
  createComment,
  createDiscussion,
  createSubComment,
  fullNameOf,
} from '../helpers/discussions.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const discussionBody = async (overrides: Record<string, unknown> = {}) => ({
  discussionTitle: 'Pihan kunnostus',
  discussionDescription: 'Mitä pihalle tehdään ensi kesänä?',
  discussionModerator: (await fx.user('A', 'Käyttäjä')).id,
  discussionTargetId: fx.orgA.target.id,
  discussionState: 'Aktiivinen',
  ...overrides,
});

/** Moves a comment's writing time back, as if written `minutes` ago. */
const age = (
  table: typeof discussionComments | typeof discussionSubComments,
  id: string,
  minutes: number,
) =>
  table === discussionComments
    ? ctx.database.db
        .update(discussionComments)
        .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(discussionComments.discussionCommentId, id))
    : ctx.database.db
        .update(discussionSubComments)
        .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(discussionSubComments.discussionCommentSubId, id));

describe('demo discussions', () => {
  it('gives every demo target of both organizations discussions with comments and replies', async () => {
    const rows = await ctx.database.db
      .select({ id: targets.targetId, organizationId: targets.organizationId })
      .from(targets);
    for (const org of [fx.orgA, fx.orgB]) {
      const res = await as('Pääylläpitäjä').get(
        `/api/tieto/discussions/organization?organizationId=${org.id}&pageSize=100`,
      );
      const list = res.json().discussions as { discussionTargetId: string; comments: number }[];
      const ofOrg = rows.filter((row) => row.organizationId === org.id).map((row) => row.id);
      expect(new Set(list.map((d) => d.discussionTargetId))).toEqual(new Set(ofOrg));
      expect(list.some((d) => d.comments > 1)).toBe(true);
    }
    const replies = await ctx.database.db.select().from(discussionSubComments).limit(1);
    expect(replies).toHaveLength(1);
  });
});

describe('discussions', () => {
  it('creates a discussion in the own organization, with the audit entry, and reads it back', async () => {
    const res = await as('Pääkäyttäjä').post('/api/tieto/discussion/', await discussionBody());
    expect(res.statusCode, res.body).toBe(201);
    const { discussion, message } = res.json();
    expect(message).toBe('Keskustelu luotu');
    expect(discussion).toMatchObject({
      discussionTitle: 'Pihan kunnostus',
      discussionOrganizationId: fx.orgA.id,
      discussionTargetId: fx.orgA.target.id,
      targetName: fx.orgA.target.name,
      discussionState: 'Aktiivinen',
      comments: 0,
    });
    const read = await as('Käyttäjä').get(
      `/api/tieto/discussion/id?discussionId=${discussion.discussionId}`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().discussion.discussionId).toBe(discussion.discussionId);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, discussion.discussionId));
    expect(entries.map((e) => e.action)).toEqual(['discussion.create']);
  });

  it('refuses discussion management to a Käyttäjä, and short titles with the Finnish text', async () => {
    expect(
      (await as('Käyttäjä').post('/api/tieto/discussion', await discussionBody())).statusCode,
    ).toBe(403);
    expect((await as('Käyttäjä').get('/api/tieto/discussions')).statusCode).toBe(403);
    const res = await as('Ylläpitäjä').post(
      '/api/tieto/discussion',
      await discussionBody({ discussionTitle: 'ab', discussionDescription: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      discussionTitle: 'Otsikon pitää olla ainakin 3 merkkiä',
      discussionDescription: 'Kuvaus on pakollinen tieto',
    });
  });

  it('refuses a target or moderator of another organization with 404, and naming another organization with 403', async () => {
    const foreignTarget = await as('Ylläpitäjä').post(
      '/api/tieto/discussion',
      await discussionBody({ discussionTargetId: fx.orgB.target.id }),
    );
    expect(foreignTarget.statusCode).toBe(404);
    expect(foreignTarget.json().code).toBe('TARGET_NOT_FOUND');
    const foreignModerator = await as('Ylläpitäjä').post(
      '/api/tieto/discussion',
      await discussionBody({ discussionModerator: (await fx.user('B', 'Ylläpitäjä')).id }),
    );
    expect(foreignModerator.json().code).toBe('USER_NOT_FOUND');
    const otherOrganization = await as('Ylläpitäjä').post(
      '/api/tieto/discussion',
      await discussionBody({ discussionOrganizationId: fx.orgB.id }),
    );
    expect(otherOrganization.statusCode).toBe(403);
  });

  it('lets only Pääylläpitäjä pick the organization, and requires it from them', async () => {
    const missing = await as('Pääylläpitäjä').post('/api/tieto/discussion', await discussionBody());
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(['discussionOrganizationId']);
    const inB = await as('Pääylläpitäjä').post(
      '/api/tieto/discussion',
      await discussionBody({
        discussionOrganizationId: fx.orgB.id,
        discussionTargetId: fx.orgB.target.id,
        discussionModerator: (await fx.user('B', 'Ylläpitäjä')).id,
      }),
    );
    expect(inB.statusCode, inB.body).toBe(201);
    expect(inB.json().discussion.discussionOrganizationId).toBe(fx.orgB.id);
  });

  it("answers 404 for another organization's discussion on every call", async () => {
    const discussionId = await createDiscussion(fx, fx.orgB);
    const commentId = await createComment(fx, fx.orgB, discussionId);
    const subId = await createSubComment(fx, fx.orgB, discussionId, commentId);
    const admin = as('Ylläpitäjä');
    const calls = [
      admin.get(`/api/tieto/discussion/id?discussionId=${discussionId}`),
      admin.patch('/api/tieto/discussion', { discussionId, ...(await discussionBody()) }),
      admin.get(`/api/tieto/discussions-comments?discussionId=${discussionId}`),
      admin.post('/api/tieto/discussion/comment', { discussionId, discussionComment: 'Hei vaan' }),
      admin.get(`/api/tieto/discussions-comment-id?discussionCommentId=${commentId}`),
      admin.patch('/api/tieto/current-comment-modification', { id: commentId, comment: 'Muutos' }),
      admin.get(`/api/tieto/discussions-sub-comments?discussionCommentId=${commentId}`),
      admin.post('/api/tieto/discussion/sub-comment', {
        discussionId,
        discussionCommentId: commentId,
        discussionSubComment: 'Vastaus',
      }),
      admin.patch('/api/tieto/current-sub-comment-modification', { id: subId, comment: 'Muutos' }),
      admin.get(`/api/tieto/discussions-by-targets?targetId=${fx.orgB.target.id}`),
      admin.get(`/api/tieto/discussions/organization?organizationId=${fx.orgB.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
    }
    const unchanged = await ctx.database.db
      .select({ text: discussionComments.discussionComment })
      .from(discussionComments)
      .where(eq(discussionComments.discussionCommentId, commentId));
    expect(unchanged[0]?.text).not.toBe('Muutos');
  });

  it('lists per target with comment counts, paged on the server, and only linked targets for a Käyttäjä', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const first = await createDiscussion(fx, fx.orgA, { targetId: target });
    await createDiscussion(fx, fx.orgA, { targetId: target, discussionState: 'Passiivinen' });
    await createComment(fx, fx.orgA, first);
    await createComment(fx, fx.orgA, first);
    const page1 = await as('Ylläpitäjä').get(
      `/api/tieto/discussions-by-targets?targetId=${target}&pageSize=1`,
    );
    expect(page1.json().total).toBe(2);
    expect(page1.json().discussions).toHaveLength(1);
    const open = await as('Ylläpitäjä').get(
      `/api/tieto/discussions-by-targets?targetId=${target}&discussionState=Aktiivinen`,
    );
    expect(open.json().discussions.map((d: { comments: number }) => d.comments)).toEqual([2]);
    // The Käyttäjä is not linked to the new target.
    const unlinked = await as('Käyttäjä').get(
      `/api/tieto/discussions-by-targets?targetId=${target}`,
    );
    expect(unlinked.statusCode).toBe(404);
    expect(unlinked.json().code).toBe('TARGET_NOT_FOUND');
    const byId = await as('Käyttäjä').get(`/api/tieto/discussion/id?discussionId=${first}`);
    expect(byId.statusCode).toBe(404);
    const bad = await as('Ylläpitäjä').get('/api/tieto/discussions-by-targets?targetId=x');
    expect(bad.statusCode).toBe(400);
  });

  it('finds discussions in the management list by title, in any case, within the organization only', async () => {
    const own = await createDiscussion(fx, fx.orgA, { discussionTitle: 'Pihan ROSKAKATOS 100%_' });
    const foreign = await createDiscussion(fx, fx.orgB, { discussionTitle: 'Roskakatos B' });
    const found = async (role: 'Ylläpitäjä' | 'Pääylläpitäjä', search: string) => {
      const res = await as(role).get(
        `/api/tieto/discussions?${new URLSearchParams({ search, pageSize: '100' })}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().discussions.map((d: { discussionId: string }) => d.discussionId);
    };
    expect(await found('Ylläpitäjä', 'roskakatos')).toEqual([own]);
    // % and _ are letters here, not patterns.
    expect(await found('Ylläpitäjä', '100%_')).toEqual([own]);
    expect(await found('Ylläpitäjä', '1%0')).toEqual([]);
    expect((await found('Pääylläpitäjä', 'roskakatos')).sort()).toEqual([own, foreign].sort());
    const long = await as('Ylläpitäjä').get(`/api/tieto/discussions?search=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
  });

  it('counts discussions per target for the dashboard', async () => {
    const target = await fx.create.target(fx.orgA.id);
    await createDiscussion(fx, fx.orgA, { targetId: target });
    const res = await as('Ylläpitäjä').get('/api/tieto/discussions/organization-dashboard');
    expect(res.statusCode).toBe(200);
    const { discussions, targets: perTarget } = res.json();
    expect(perTarget).toContainEqual({ targetId: target, discussions: 1 });
    expect(discussions).toBe(
      perTarget.reduce((sum: number, t: { discussions: number }) => sum + t.discussions, 0),
    );
    const [otherTarget] = await ctx.database.db
      .select({ id: targets.targetId })
      .from(targets)
      .where(eq(targets.organizationId, fx.orgB.id));
    expect(perTarget.map((t: { targetId: string }) => t.targetId)).not.toContain(otherTarget?.id);
  });
});

describe('comments and sub-comments', () => {
  it('stores a comment as written, names the writer, and counts sub-comments', async () => {
    const discussionId = await createDiscussion(fx, fx.orgA);
    const text = '  <b>Hei</b> & "kaikki"\nuusi rivi  ';
    const res = await as('Käyttäjä').post('/api/tieto/discussion/comment', {
      discussionId,
      discussionCommentUserId: (await fx.user('A', 'Käyttäjä')).id,
      discussionComment: text,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { comment } = res.json();
    expect(comment.discussionComment).toBe(text);
    expect(comment.fullName).toBe(await fullNameOf(fx, (await fx.user('A', 'Käyttäjä')).id));
    const sub = await as('Pääkäyttäjä').post('/api/tieto/discussion/sub-comment', {
      discussionId,
      discussionCommentId: comment.discussionCommentId,
      discussionSubComment: 'Samaa mieltä',
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const list = await as('Käyttäjä').get(
      `/api/tieto/discussions-comments?discussionId=${discussionId}`,
    );
    expect(list.json()).toMatchObject({
      total: 1,
      comments: [{ count: 1, discussionComment: text }],
    });
    const subs = await as('Käyttäjä').get(
      `/api/tieto/discussions-sub-comments?discussionCommentId=${comment.discussionCommentId}`,
    );
    expect(
      subs.json().subComments.map((s: { discussionSubComment: string }) => s.discussionSubComment),
    ).toEqual(['Samaa mieltä']);
  });

  it('refuses 2 and 5,001 characters with the Finnish text, and accepts 5,000', async () => {
    const discussionId = await createDiscussion(fx, fx.orgA);
    const post = (discussionComment: string) =>
      as('Käyttäjä').post('/api/tieto/discussion/comment', { discussionId, discussionComment });
    const short = await post('ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({
      discussionComment: 'Kommentissa pitää olla ainakin 3 merkkiä',
    });
    expect((await post('   ab   ')).statusCode).toBe(400);
    const long = await post('x'.repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.discussionComment).toBe('Kommentissa voi olla enintään 5000 merkkiä');
    expect((await post('x'.repeat(5000))).statusCode).toBe(201);
    const missing = await as('Käyttäjä').post('/api/tieto/discussion/comment', { discussionId });
    expect(missing.json().fields.discussionComment).toBe(
      'Kommentissa pitää olla ainakin 3 merkkiä',
    );
  });

  it('answers 404 for a non-existent discussion or comment, and 403 for writing as someone else', async () => {
    const none = await as('Käyttäjä').post('/api/tieto/discussion/comment', {
      discussionId: fx.missing,
      discussionComment: 'Onko täällä ketään?',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      code: 'discussions.DISCUSSION_NOT_FOUND',
      error: 'Keskustelua ei löytynyt',
    });
    const discussionId = await createDiscussion(fx, fx.orgA);
    const otherDiscussionComment = await createComment(
      fx,
      fx.orgA,
      await createDiscussion(fx, fx.orgA),
    );
    const mismatched = await as('Käyttäjä').post('/api/tieto/discussion/sub-comment', {
      discussionId,
      discussionCommentId: otherDiscussionComment,
      discussionSubComment: 'Väärä ketju',
    });
    expect(mismatched.statusCode).toBe(404);
    expect(mismatched.json().code).toBe('discussions.COMMENT_NOT_FOUND');
    const impostor = await as('Käyttäjä').post('/api/tieto/discussion/comment', {
      discussionId,
      discussionCommentUserId: (await fx.user('A', 'Ylläpitäjä')).id,
      discussionComment: 'Kirjoitan toisen nimissä',
    });
    expect(impostor.statusCode).toBe(403);
  });

  it('closes a Passiivinen discussion to new comments and sub-comments', async () => {
    const discussionId = await createDiscussion(fx, fx.orgA, { discussionState: 'Passiivinen' });
    const commentId = await createComment(fx, fx.orgA, discussionId);
    const comment = await as('Käyttäjä').post('/api/tieto/discussion/comment', {
      discussionId,
      discussionComment: 'Vielä yksi',
    });
    expect(comment.statusCode).toBe(409);
    expect(comment.json().code).toBe('discussions.DISCUSSION_CLOSED');
    const sub = await as('Käyttäjä').post('/api/tieto/discussion/sub-comment', {
      discussionId,
      discussionCommentId: commentId,
      discussionSubComment: 'Vielä yksi',
    });
    expect(sub.statusCode).toBe(409);
  });

  it('lets the writer edit within 15 minutes only, and the moderator and managers at any time', async () => {
    const moderator = await fx.create.account(fx.orgA.id);
    await fx.create.link(moderator.id, fx.orgA.target.id);
    const discussionId = await createDiscussion(fx, fx.orgA, { moderatorId: moderator.id });
    const commentId = await createComment(fx, fx.orgA, discussionId);
    const edit = (client: ReturnType<Actors>, comment: string) =>
      client.patch('/api/tieto/current-comment-modification', { id: commentId, comment });

    const fresh = await edit(as('Käyttäjä'), 'Korjattu heti');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().comment.discussionComment).toBe('Korjattu heti');

    await age(discussionComments, commentId, 14);
    expect((await edit(as('Käyttäjä'), 'Korjattu 14 min')).statusCode).toBe(200);
    await age(discussionComments, commentId, 16);
    const late = await edit(as('Käyttäjä'), 'Liian myöhään');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('discussions.EDIT_WINDOW_PASSED');

    const moderatorClient = as.withToken(await as.signIn(moderator.email, moderator.password));
    expect((await edit(moderatorClient, 'Moderaattori muokkasi')).statusCode).toBe(200);
    for (const role of ['Pääkäyttäjä', 'Ylläpitäjä', 'Pääylläpitäjä'] as const) {
      expect((await edit(as(role), `${role} muokkasi`)).statusCode).toBe(200);
    }
    // Another Käyttäjä of the same target, neither writer nor moderator.
    const other = await fx.create.account(fx.orgA.id);
    await fx.create.link(other.id, fx.orgA.target.id);
    const otherClient = as.withToken(await as.signIn(other.email, other.password));
    const refused = await edit(otherClient, 'Toisen kommentti');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it('applies the same edit rules to sub-comments', async () => {
    const discussionId = await createDiscussion(fx, fx.orgA);
    const commentId = await createComment(fx, fx.orgA, discussionId);
    const subId = await createSubComment(fx, fx.orgA, discussionId, commentId);
    const edit = (client: ReturnType<Actors>, comment: string) =>
      client.patch('/api/tieto/current-sub-comment-modification', { id: subId, comment });
    expect((await edit(as('Käyttäjä'), 'Oma korjaus')).statusCode).toBe(200);
    await age(discussionSubComments, subId, 20);
    expect((await edit(as('Käyttäjä'), 'Myöhäinen korjaus')).json().code).toBe(
      'discussions.EDIT_WINDOW_PASSED',
    );
    const byManager = await edit(as('Pääkäyttäjä'), 'Pääkäyttäjän korjaus');
    expect(byManager.json().subComment.discussionSubComment).toBe('Pääkäyttäjän korjaus');
    expect((await edit(as('Käyttäjä'), 'ab')).statusCode).toBe(400);
  });
});

describe('following a discussion (mail about new comments)', () => {
  const mailsTo = async (email: string) =>
    (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).filter(
      (mail) => mail.subject.includes('Kesäjuhlat'),
    );

  it('is off by default, mails a follower at most once an hour, never the writer, and stops on unfollow', async () => {
    const discussionId = await createDiscussion(fx, fx.orgA, { discussionTitle: 'Kesäjuhlat' });
    const follower = await fx.user('A', 'Pääkäyttäjä');
    const writer = await fx.user('A', 'Käyttäjä');
    const followUrl = `/api/tieto/discussion/follow?discussionId=${discussionId}`;
    expect((await as('Pääkäyttäjä').get(followUrl)).json().following).toBe(false);
    const post = (text: string) =>
      as('Käyttäjä').post('/api/tieto/discussion/comment', {
        discussionId,
        discussionComment: text,
      });

    await post('Ennen seuraamista');
    expect(await mailsTo(follower.email)).toHaveLength(0);

    const on = await as('Pääkäyttäjä').send('PUT', '/api/tieto/discussion/follow', {
      discussionId,
      following: true,
    });
    expect(on.json()).toMatchObject({ following: true, message: 'Seuranta tallennettu' });
    // The writer follows too: their own comments never mail them.
    await as('Käyttäjä').send('PUT', '/api/tieto/discussion/follow', {
      discussionId,
      following: true,
    });

    await post('Ensimmäinen seurattu');
    await post('Toinen samalla tunnilla');
    const mails = await mailsTo(follower.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(
      `/#/tieto/current-discussions?discussionId=${discussionId}`,
    );
    expect(mails[0]?.textBody).not.toContain('Ensimmäinen seurattu');
    expect(await mailsTo(writer.email)).toHaveLength(0);

    // An hour later, a reply mails again.
    await ctx.database.db
      .update(discussionFollowers)
      .set({ lastNotifiedAt: sql`now() - interval '61 minutes'` })
      .where(eq(discussionFollowers.discussionId, discussionId));
    const commentId = await createComment(fx, fx.orgA, discussionId);
    const reply = await as('Ylläpitäjä').post('/api/tieto/discussion/sub-comment', {
      discussionId,
      discussionCommentId: commentId,
      discussionSubComment: 'Vastaus tunnin päästä',
    });
    expect(reply.statusCode).toBe(201);
    expect(await mailsTo(follower.email)).toHaveLength(2);
    // The writer now gets one too: the reply was someone else's.
    expect(await mailsTo(writer.email)).toHaveLength(1);

    await as('Pääkäyttäjä').send('PUT', '/api/tieto/discussion/follow', {
      discussionId,
      following: false,
    });
    expect((await as('Pääkäyttäjä').get(followUrl)).json().following).toBe(false);
    await ctx.database.db
      .update(discussionFollowers)
      .set({ lastNotifiedAt: null })
      .where(eq(discussionFollowers.discussionId, discussionId));
    await post('Seuraamisen jälkeen');
    expect(await mailsTo(follower.email)).toHaveLength(2);
  });

  it('does not mail a Käyttäjä follower who no longer sees the target', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const resident = await fx.create.account(fx.orgA.id);
    const link = await fx.create.link(resident.id, target);
    const discussionId = await createDiscussion(fx, fx.orgA, {
      targetId: target,
      discussionTitle: 'Kesäjuhlat piha',
    });
    const client = as.withToken(await as.signIn(resident.email, resident.password));
    expect(
      (await client.send('PUT', '/api/tieto/discussion/follow', { discussionId, following: true }))
        .statusCode,
    ).toBe(200);
    await ctx.database.db.delete(userTargets).where(eq(userTargets.id, link));
    await as('Ylläpitäjä').post('/api/tieto/discussion/comment', {
      discussionId,
      discussionComment: 'Kukaan ei kuule',
    });
    expect(await mailsTo(resident.email)).toHaveLength(0);
  });
});

describe('search, pinning, locking, unread markers and mentions', () => {
  const titles = (res: { json: () => { discussions: { discussionTitle: string }[] } }) =>
    res.json().discussions.map((d) => d.discussionTitle);

  it('finds discussions by inflected Finnish words in the title, comments and replies, only in scope', async () => {
    const word = `Kattoremontti${Date.now()}`;
    await createDiscussion(fx, fx.orgA, {
      discussionTitle: `Saunan ${word.toLowerCase()}`,
    });
    const byComment = await createDiscussion(fx, fx.orgA, { discussionTitle: 'Ilmanvaihto' });
    await createComment(fx, fx.orgA, byComment, {
      discussionComment: 'Hiilidioksidipitoisuudet nousivat taloissa illalla',
    });
    const byReply = await createDiscussion(fx, fx.orgA, { discussionTitle: 'Pyöräkellari' });
    await createSubComment(fx, fx.orgA, byReply, await createComment(fx, fx.orgA, byReply), {
      discussionSubComment: 'Lukot vaihdetaan pyöräkellareihin maanantaina',
    });
    // The same words in organization B are never found by A.
    await createDiscussion(fx, fx.orgB, { discussionTitle: 'Talo ja pyöräkellari B' });

    const search = (q: string, client = as('Pääkäyttäjä')) =>
      client.get(`/api/tieto/discussions?pageSize=100&search=${encodeURIComponent(q)}`);
    // "talo" finds "taloissa" (the finnish stemmer), in a comment.
    expect(titles(await search('talo'))).toContain('Ilmanvaihto');
    expect(titles(await search('talo'))).not.toContain('Talo ja pyöräkellari B');
    // "pyöräkellari" finds the reply's "pyöräkellareihin" and the title.
    expect(titles(await search('pyöräkellari'))).toEqual(expect.arrayContaining(['Pyöräkellari']));
    expect(titles(await search(word))).toEqual([`Saunan ${word.toLowerCase()}`]);
    // Web-search syntax: an excluded word.
    expect(titles(await search('talo -nousivat'))).not.toContain('Ilmanvaihto');
    // The same parameter on the resident's list and the organization list.
    const resident = await as('Käyttäjä').get(
      `/api/tieto/discussions-by-targets?targetId=${fx.orgA.target.id}&search=talo`,
    );
    expect(titles(resident)).toContain('Ilmanvaihto');
    const top = await as('Pääylläpitäjä').get(
      `/api/tieto/discussions/organization?organizationId=${fx.orgB.id}&search=talo`,
    );
    expect(titles(top)).toEqual(['Talo ja pyöräkellari B']);
    // Punctuation only or too long: no 500.
    expect((await search('&|!:*()')).statusCode).toBe(200);
    const long = await search('a'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.search).toBeTruthy();
  });

  it('pins first and locks against new comments, by a manager or the moderator only', async () => {
    const moderator = await fx.create.account(fx.orgA.id);
    await fx.create.link(moderator.id, fx.orgA.target.id);
    const discussionId = await createDiscussion(fx, fx.orgA, {
      moderatorId: moderator.id,
      discussionTitle: 'Kiinnitettävä',
    });
    const modClient = as.withToken(await as.signIn(moderator.email, moderator.password));
    // A Käyttäjä who is not the moderator is refused.
    const refused = await as('Käyttäjä').send('PATCH', '/api/tieto/discussion/moderation', {
      discussionId,
      locked: true,
    });
    expect(refused.statusCode).toBe(403);
    const empty = await modClient.send('PATCH', '/api/tieto/discussion/moderation', {
      discussionId,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.pinned).toBe('Valitse kiinnitys tai lukitus');

    const pinned = await modClient.send('PATCH', '/api/tieto/discussion/moderation', {
      discussionId,
      pinned: true,
    });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json().discussion).toMatchObject({ pinned: true, locked: false });
    await createDiscussion(fx, fx.orgA, { discussionTitle: 'Uudempi' });
    const list = await as('Käyttäjä').get(
      `/api/tieto/discussions-by-targets?targetId=${fx.orgA.target.id}&pageSize=100`,
    );
    expect(titles(list)[0]).toBe('Kiinnitettävä');

    const locked = await as('Pääkäyttäjä').send('PATCH', '/api/tieto/discussion/moderation', {
      discussionId,
      locked: true,
    });
    expect(locked.json().discussion).toMatchObject({ pinned: true, locked: true });
    const comment = await as('Käyttäjä').post('/api/tieto/discussion/comment', {
      discussionId,
      discussionComment: 'Vielä yksi kommentti',
    });
    expect(comment.statusCode).toBe(409);
    expect(comment.json()).toMatchObject({
      code: 'discussions.DISCUSSION_LOCKED',
      error: 'Keskustelu on lukittu, eikä siihen voi enää kommentoida',
    });
    const commentId = await createComment(fx, fx.orgA, discussionId);
    const reply = await as('Ylläpitäjä').post('/api/tieto/discussion/sub-comment', {
      discussionId,
      discussionCommentId: commentId,
      discussionSubComment: 'Vastaus lukittuun',
    });
    expect(reply.statusCode).toBe(409);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, discussionId));
    expect(audit.map((row) => row.action)).toContain('discussion.moderate');
  });

  it('counts comments and replies by others as unread until the user marks the discussion read', async () => {
    const discussionId = await createDiscussion(fx, fx.orgA, { discussionTitle: 'Lukematon' });
    const reader = as('Pääkäyttäjä');
    const unread = async () =>
      (await reader.get(`/api/tieto/discussion/id?discussionId=${discussionId}`)).json().discussion
        .unread;
    expect(await unread()).toBe(0);
    const commentId = await createComment(fx, fx.orgA, discussionId);
    await createSubComment(fx, fx.orgA, discussionId, commentId);
    expect(await unread()).toBe(2);
    const read = await reader.send('PUT', '/api/tieto/discussion/read', { discussionId });
    expect(read.json()).toMatchObject({ unread: 0, message: 'Luetuksi merkitty' });
    expect(await unread()).toBe(0);
    // The reader's own comment is never unread to them; another user's marker is their own.
    await reader.post('/api/tieto/discussion/comment', {
      discussionId,
      discussionComment: 'Oma kommentti',
    });
    expect(await unread()).toBe(0);
    const other = await as('Ylläpitäjä').get(
      `/api/tieto/discussion/id?discussionId=${discussionId}`,
    );
    expect(other.json().discussion.unread).toBe(3);
  });

  it('mails mentioned users in their language and refuses a mention of someone who cannot see the discussion', async () => {
    const discussionId = await createDiscussion(fx, fx.orgA, { discussionTitle: 'Mainintatesti' });
    const swede = await fx.create.account(fx.orgA.id, 'Pääkäyttäjä');
    await ctx.database.db.update(users).set({ language: 'sv' }).where(eq(users.userId, swede.id));
    // A Käyttäjä of organization A not linked to the target, and a user of organization B.
    const outsider = await fx.create.account(fx.orgA.id);
    const foreign = await fx.user('B', 'Ylläpitäjä');

    const mentionable = await as('Käyttäjä').get(
      `/api/tieto/discussion/mentionable?discussionId=${discussionId}`,
    );
    const ids = (mentionable.json().users as { uuid: string }[]).map((u) => u.uuid);
    expect(ids).not.toContain(outsider.id);
    expect(ids).not.toContain(foreign.id);
    const swedeName = await fullNameOf(fx, swede.id);
    const named = await as('Käyttäjä').get(
      `/api/tieto/discussion/mentionable?discussionId=${discussionId}&search=${encodeURIComponent(swedeName.split(' ')[1] ?? '')}`,
    );
    expect(named.json().users).toContainEqual({ uuid: swede.id, fullName: swedeName });

    const before = await ctx.database.db
      .select()
      .from(discussionComments)
      .where(eq(discussionComments.discussionId, discussionId));
    for (const bad of [outsider.id, foreign.id, fx.missing]) {
      const res = await as('Käyttäjä').post('/api/tieto/discussion/comment', {
        discussionId,
        discussionComment: `@${swedeName} katso tätä`,
        mentions: [swede.id, bad],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    const after = await ctx.database.db
      .select()
      .from(discussionComments)
      .where(eq(discussionComments.discussionId, discussionId));
    expect(after).toHaveLength(before.length);
    const tooMany = await as('Käyttäjä').post('/api/tieto/discussion/comment', {
      discussionId,
      discussionComment: 'Liikaa mainintoja',
      mentions: Array.from({ length: 21 }, () => swede.id),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.mentions).toBe(
      'Yhdessä kommentissa voi mainita enintään 20 käyttäjää',
    );

    const ok = await as('Käyttäjä').post('/api/tieto/discussion/comment', {
      discussionId,
      discussionComment: `@${swedeName} katso tätä`,
      mentions: [swede.id],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, swede.email));
    expect(mails).toHaveLength(1);
    const writerName = await fullNameOf(fx, (await fx.user('A', 'Käyttäjä')).id);
    expect(mails[0]?.subject).toBe(`Vahti: ${writerName} nämnde dig i Mainintatesti`);
    expect(mails[0]?.textBody).toContain(
      `/#/tieto/current-discussions?discussionId=${discussionId}`,
    );
    expect(mails[0]?.textBody).not.toContain('katso tätä');
    // A reply mentions too; mentioning oneself mails nobody.
    const writer = await fx.user('A', 'Käyttäjä');
    const reply = await as('Käyttäjä').post('/api/tieto/discussion/sub-comment', {
      discussionId,
      discussionCommentId: ok.json().comment.discussionCommentId,
      discussionSubComment: 'Vastaus mainiten',
      mentions: [swede.id, writer.id],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(
      await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, swede.email)),
    ).toHaveLength(2);
    expect(
      (
        await ctx.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, writer.email))
      ).filter((mail) => mail.subject.includes('Mainintatesti')),
    ).toHaveLength(0);
  });
});
