import { and, asc, eq, ne, sql } from 'drizzle-orm';
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
 * the users linked to the target and moderated by a staff member of the organization.
 */
export async function seedDemoDiscussions(db: Db): Promise<void> {
  const allTargets = await db
    .select({ id: targets.targetId, organizationId: targets.organizationId })
    .from(targets)
    .orderBy(asc(targets.targetName));
  let minutesAgo = 60 * 24 * 30;
  for (const target of allTargets) {
    const [moderator] = await db
      .select({ id: users.userId })
      .from(users)
      .where(and(eq(users.organizationId, target.organizationId), ne(users.userRoles, 'Käyttäjä')))
      .orderBy(asc(users.userEmail))
      .limit(1);
    const writers = (
      await db
        .select({ id: userTargets.userId })
        .from(userTargets)
        .where(eq(userTargets.targetId, target.id))
        .orderBy(asc(userTargets.userId))
    ).map((row) => row.id);
    if (!moderator || writers.length === 0) continue;
    const writer = (i: number) => writers[i % writers.length] as string;
    const at = () => {
      minutesAgo -= 97;
      return sql`now() - make_interval(mins => ${minutesAgo})`;
    };
    for (const template of TEMPLATES) {
      const [discussion] = await db
        .insert(discussions)
        .values({
          organizationId: target.organizationId,
          targetId: target.id,
          moderatorId: moderator.id,
          discussionTitle: template.title,
          discussionDescription: template.description,
          discussionState: template.state,
          createdAt: at(),
        })
        .returning({ id: discussions.discussionId });
      if (!discussion) continue;
      for (const [i, comment] of template.comments.entries()) {
        const [row] = await db
          .insert(discussionComments)
          .values({
            organizationId: target.organizationId,
            discussionId: discussion.id,
            userId: writer(i),
            discussionComment: comment.text,
            createdAt: at(),
          })
          .returning({ id: discussionComments.discussionCommentId });
        if (!row) continue;
        for (const [j, reply] of comment.replies.entries()) {
          await db.insert(discussionSubComments).values({
            organizationId: target.organizationId,
            discussionId: discussion.id,
            discussionCommentId: row.id,
            userId: writer(i + j + 1),
            discussionSubComment: reply,
            createdAt: at(),
          });
        }
      }
    }
  }
}
