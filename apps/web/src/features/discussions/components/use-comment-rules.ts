import { COMMENT_EDIT_WINDOW_MS, type DiscussionRecord } from '@vahti/domain';
import { useCan, useSession } from '@/lib/session';

/**
 * Whether the user may edit a comment or reply (spec 001 §6): Pääylläpitäjä, Ylläpitäjä,
 * Pääkäyttäjä and the moderator always, the writer within 15 minutes. The API decides; this
 * only hides the pencil where the answer would be no.
 */
export function useCommentRules(
  discussion: Pick<DiscussionRecord, 'discussionModerator'> | undefined,
) {
  const { user } = useSession();
  const manages = useCan({ do: 'manageDiscussions' });
  const me = user?.uuid;
  return {
    me,
    canEdit(writerId: string, createdAt: string, now = Date.now()): boolean {
      if (manages || (discussion && discussion.discussionModerator === me)) return true;
      return writerId === me && now - new Date(createdAt).getTime() < COMMENT_EDIT_WINDOW_MS;
    },
  };
}
