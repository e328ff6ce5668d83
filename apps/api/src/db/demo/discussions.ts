import { asc, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  discussionComments,
  discussionSubComments,
  discussions,
  targets,
  users,
  userTargets,
} from '../schema/index.js';

const LONG_COMMENT = [
  'Kävin katsomassa tilannetta viikonloppuna ja kirjasin ylös muutaman havainnon.',
  'Porraskäytävän valaistus on edelleen osittain rikki, ja kellarin ovi jää helposti raolleen,',
  'jolloin kylmä ilma pääsee sisään. Pyörävarasto on täynnä vanhoja pyöriä, joiden omistajista',
  'ei ole tietoa: ehdotan, että niihin laitetaan lappu ja ne viedään pois kuukauden kuluttua.',
  'Lisäksi pihan hiekoitus on ollut aamuisin myöhässä, ja erityisesti iäkkäämmät asukkaat ovat',
  'kertoneet liukastumisvaarasta. Voisiko huoltoyhtiön kanssa sopia aikaisemmasta kierroksesta?',
  'Kiitos kaikille, jotka ovat jo osallistuneet keskusteluun – tästä on ollut paljon hyötyä.',
].join(' ');

/** Discussions each demo target gets: title, description, state, comments (with replies). */
const TEMPLATES = [
  {
    title: 'Pihan kunnostus ensi kesänä',
    description:
      'Mitä pihalle pitäisi tehdä? Kerro toiveesi istutuksista, penkeistä ja leikkipaikasta.',
    state: 'Aktiivinen' as const,
    comments: [
      {
        text: 'Lisää penkkejä leikkipaikan viereen, kiitos!',
        replies: ['Samaa mieltä, ja varjoa kesäksi.'],
      },
      { text: LONG_COMMENT, replies: [] },
      {
        text: 'Kukkapenkit voisi uusia perennoilla, jotka eivät vaadi paljon hoitoa.',
        replies: ['Hyvä idea.', 'Voin osallistua talkoisiin.'],
      },
    ],
  },
  {
    title: 'Saunavuorot',
    description: 'Yhteisen saunan vuorot ja toiveet uusista vuoroista.',
    state: 'Aktiivinen' as const,
    comments: [{ text: 'Olisiko mahdollista saada lauantaille lisävuoro?', replies: [] }],
  },
  {
    title: 'Syksyn siivoustalkoot',
    description: 'Talkoot pidettiin lokakuussa; keskustelu on suljettu.',
    state: 'Passiivinen' as const,
    comments: [{ text: 'Kiitos kaikille osallistujille!', replies: [] }],
  },
];

/**
 * A few discussions with comments and replies per demo target, in both organizations: written by
 * the users linked to the target and moderated by a staff member of the organization. Three
 * inserts in all (discussions, comments, replies), matched up by their texts.
 */
export async function seedDemoDiscussions(db: Db): Promise<void> {
  const allTargets = await db
    .select({ id: targets.targetId, organizationId: targets.organizationId })
    .from(targets)
    .orderBy(asc(targets.targetName));
  const staff = await db
    .select({ id: users.userId, organizationId: users.organizationId })
    .from(users)
    .where(ne(users.userRoles, 'Käyttäjä'))
    .orderBy(asc(users.userEmail));
  const links = await db
    .select({ userId: userTargets.userId, targetId: userTargets.targetId })
    .from(userTargets)
    .orderBy(asc(userTargets.userId));
  let minutesAgo = 60 * 24 * 30;
  const at = () => {
    minutesAgo -= 97;
    return sql`now() - make_interval(mins => ${minutesAgo})`;
  };

  const seeded = allTargets.flatMap((target) => {
    const moderator = staff.find((user) => user.organizationId === target.organizationId);
    const writers = links.filter((link) => link.targetId === target.id).map((link) => link.userId);
    return moderator && writers.length > 0 ? [{ target, moderator, writers }] : [];
  });
  if (seeded.length === 0) return;
  const discussionRows = await db
    .insert(discussions)
    .values(
      seeded.flatMap(({ target, moderator }) =>
        TEMPLATES.map((template) => ({
          organizationId: target.organizationId,
          targetId: target.id,
          moderatorId: moderator.id,
          discussionTitle: template.title,
          discussionDescription: template.description,
          discussionState: template.state,
          createdAt: at(),
        })),
      ),
    )
    .returning({
      id: discussions.discussionId,
      targetId: discussions.targetId,
      title: discussions.discussionTitle,
    });
  const discussionOf = (targetId: string, title: string) =>
    discussionRows.find((row) => row.targetId === targetId && row.title === title);

  const commentValues = seeded.flatMap(({ target, writers }) =>
    TEMPLATES.flatMap((template) => {
      const discussion = discussionOf(target.id, template.title);
      if (!discussion) return [];
      return template.comments.map((comment, i) => ({
        organizationId: target.organizationId,
        discussionId: discussion.id,
        userId: writers[i % writers.length] as string,
        discussionComment: comment.text,
        createdAt: at(),
      }));
    }),
  );
  const commentRows = await db.insert(discussionComments).values(commentValues).returning({
    id: discussionComments.discussionCommentId,
    discussionId: discussionComments.discussionId,
    text: discussionComments.discussionComment,
  });

  const replyValues = seeded.flatMap(({ target, writers }) =>
    TEMPLATES.flatMap((template) => {
      const discussion = discussionOf(target.id, template.title);
      if (!discussion) return [];
      return template.comments.flatMap((comment, i) => {
        const row = commentRows.find(
          (c) => c.discussionId === discussion.id && c.text === comment.text,
        );
        if (!row) return [];
        return comment.replies.map((reply, j) => ({
          organizationId: target.organizationId,
          discussionId: discussion.id,
          discussionCommentId: row.id,
          userId: writers[(i + j + 1) % writers.length] as string,
          discussionSubComment: reply,
          createdAt: at(),
        }));
      });
    }),
  );
  if (replyValues.length > 0) await db.insert(discussionSubComments).values(replyValues);
}
