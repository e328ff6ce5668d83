import type { SurveyQuestion } from '@vahti/domain';

export interface Section<Q extends SurveyQuestion> {
  /** The question group's id. */
  id: string;
  title: string;
  description: string;
  /** The questions with their running number over the whole survey. */
  questions: { question: Q; number: number }[];
}

/**
 * The sections of a survey: runs of questions of one group, as the API orders them (section by
 * section). Numbers run over the whole survey, so the form, the review and the results agree.
 */
export function sectionsOf<Q extends SurveyQuestion>(questions: readonly Q[]): Section<Q>[] {
  const sections: Section<Q>[] = [];
  questions.forEach((question, index) => {
    const last = sections.at(-1);
    const entry = { question, number: index + 1 };
    if (last?.id === question.questionGroup) last.questions.push(entry);
    else
      sections.push({
        id: question.questionGroup,
        title: question.queryQuestionGroupName,
        description: question.queryQuestionGroupDescrption,
        questions: [entry],
      });
  });
  return sections;
}
