/**
 * Query keys of the feedback feature. `feedbackKeys.all` covers every feedback list and the
 * 'Viestit' count; the live update (server-sent events) invalidates `feedbackKeys.newFeedbacks()`
 * (or `all`) when a feedback is sent or saved.
 */
export const feedbackKeys = {
  all: ['tieto-feedback'] as const,
  list: (targetId: string) => [...feedbackKeys.all, 'list', targetId] as const,
  /** The signed-in user's own feedback ('Omat palautteet'). */
  own: () => [...feedbackKeys.all, 'own'] as const,
  /** The feedback still Uusi: the 'Viestit' tab's count. */
  newFeedbacks: () => [...feedbackKeys.all, 'new'] as const,
  photo: (id: string) => [...feedbackKeys.all, 'photo', id] as const,
};
