import { DISCUSSION_EVENTS } from '@vahti/domain';
import { useInvalidateOnEvents } from '@/lib/event-stream';
import { discussionsKeys } from '../api/discussion-keys';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Keeps the discussion screens live: a new or edited comment refreshes its discussion's comments
 * and the comment counts, a reply its comment's replies, a saved discussion every list.
 */
export function useLiveDiscussions() {
  useInvalidateOnEvents(
    (event) => {
      const discussionId = text(event.data.discussionId);
      const commentId = text(event.data.discussionCommentId);
      switch (event.type) {
        case DISCUSSION_EVENTS.comment:
          return [
            discussionsKeys.comments(discussionId),
            discussionsKeys.comment(commentId),
            [...discussionsKeys.all, 'target'],
          ];
        case DISCUSSION_EVENTS.subComment:
          return [
            discussionsKeys.subComments(commentId),
            discussionsKeys.comments(discussionId),
            discussionsKeys.comment(commentId),
          ];
        case DISCUSSION_EVENTS.changed:
          return [discussionsKeys.all];
        default:
          return [];
      }
    },
    [discussionsKeys.all],
  );
}
