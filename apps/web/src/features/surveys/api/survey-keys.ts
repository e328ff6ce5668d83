/** Query keys of the surveys feature; a save invalidates `all`. */
export const surveysKeys = {
  all: ['tieto-surveys'] as const,
  groups: () => [...surveysKeys.all, 'groups'] as const,
  questions: () => [...surveysKeys.all, 'questions'] as const,
  queries: () => [...surveysKeys.all, 'queries'] as const,
  queriesOfTargets: (targetIds: string) => [...surveysKeys.all, 'by-targets', targetIds] as const,
  questionsOf: (queryId: string) => [...surveysKeys.all, 'query-questions', queryId] as const,
  forTarget: (targetId: string, queryId: string) =>
    [...surveysKeys.all, 'for-target', targetId, queryId] as const,
  results: (queryId: string, targetId: string) =>
    [...surveysKeys.all, 'results', queryId, targetId] as const,
  allResults: (queryId: string, targetId: string) =>
    [...surveysKeys.all, 'all-results', queryId, targetId] as const,
  indoorAir: (targetId: string, sd: string, ed: string) =>
    [...surveysKeys.all, 'indoor-air', targetId, sd, ed] as const,
};
