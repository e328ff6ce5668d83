import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  feedbacks,
  organizations,
  queries,
  queryAnswers,
  queryQuestions,
  queryResults,
  queryTargets,
  questionGroups,
  questions,
  targets,
  userTargets,
} from '../schema/index.js';

const QUESTIONS = [
  'Sisäilma tuntuu raikkaalta',
  'Huonelämpötila on sopiva',
  'Ilmanvaihto toimii hyvin',
  'Tiedän, keneen ottaa yhteyttä sisäilma-asioissa',
];

/**
 * Tieto demo data for every organization: a question group with questions, one active survey
 * for its first two targets with some answers from the targets' users, and some feedback.
 */
export async function seedTietoSurveys(db: Db): Promise<void> {
  const orgs = await db
    .select({ id: organizations.organizationId, name: organizations.organizationName })
    .from(organizations)
    .orderBy(asc(organizations.organizationName));
  for (const org of orgs) {
    const orgTargets = await db
      .select({ id: targets.targetId, name: targets.targetName })
      .from(targets)
      .where(eq(targets.organizationId, org.id))
      .orderBy(asc(targets.targetName))
      .limit(2);
    if (orgTargets.length === 0) continue;
    const [group] = await db
      .insert(questionGroups)
      .values({
        organizationId: org.id,
        name: 'Sisäilma',
        description: `Sisäilmaa ja asumisviihtyvyyttä koskevat kysymykset (${org.name})`,
      })
      .returning({ id: questionGroups.id });
    if (!group) throw new Error('seed: question group not created');
    const questionRows = await db
      .insert(questions)
      .values(
        QUESTIONS.map((description) => ({
          organizationId: org.id,
          groupId: group.id,
          description,
        })),
      )
      .returning({ id: questions.id });
    const [survey] = await db
      .insert(queries)
      .values({
        organizationId: org.id,
        title: 'Sisäilmakysely 2026',
        description: `Hyvä asukas, kerro meille, miltä kotisi sisäilma tuntuu. Vastaaminen vie pari minuuttia. – ${org.name}`,
      })
      .returning({ id: queries.id });
    if (!survey) throw new Error('seed: survey not created');
    await db
      .insert(queryTargets)
      .values(orgTargets.map((target) => ({ queryId: survey.id, targetId: target.id })));
    await db
      .insert(queryQuestions)
      .values(
        questionRows.map((q, position) => ({ queryId: survey.id, questionId: q.id, position })),
      );

    // Answers from the users of the first target, all but the first user (who can try it out).
    const [first] = orgTargets;
    if (!first) continue;
    const answering = await db
      .select({ userId: userTargets.userId })
      .from(userTargets)
      .where(eq(userTargets.targetId, first.id))
      .orderBy(asc(userTargets.userId));
    for (const [index, { userId }] of answering.slice(1).entries()) {
      const [result] = await db
        .insert(queryResults)
        .values({
          organizationId: org.id,
          queryId: survey.id,
          targetId: first.id,
          userId,
          comment: index === 0 ? 'Makuuhuoneessa on talvella viileää.' : null,
        })
        .returning({ id: queryResults.id });
      if (!result) continue;
      await db.insert(queryAnswers).values(
        questionRows.map((q, i) => ({
          resultId: result.id,
          questionId: q.id,
          value: ((index * 2 + i * 3) % 5) + 1,
        })),
      );
    }

    await db.insert(feedbacks).values([
      {
        organizationId: org.id,
        targetId: first.id,
        userId: answering[0]?.userId ?? null,
        title: 'Porrashuoneen valo',
        message: `Porrashuoneen valo vilkkuu kohteessa ${first.name}.`,
      },
      {
        organizationId: org.id,
        targetId: first.id,
        userId: answering[1]?.userId ?? null,
        title: 'Ilmanvaihdon ääni',
        message: 'Ilmanvaihtokone pitää öisin kovaa ääntä.',
        state: 'Suljettu',
      },
    ]);
  }
}
