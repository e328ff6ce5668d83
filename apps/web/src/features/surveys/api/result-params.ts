/** The query string of the results reads: the survey, and the target when one is chosen. */
export const resultParams = (queryId: string, targetId: string) =>
  new URLSearchParams({ queryId, ...(targetId && { targetId }) });
