import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { CommentRecord, DiscussionRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useModifyComment } from '../api/modify-comment';
import { CommentCard } from './comment-card';
import { SubComments } from './sub-comments';
import { useCommentRules } from './use-comment-rules';

/** One comment on the discussion page, its replies folded under it. */
export function CommentThread({
  discussion,
  comment,
}: {
  discussion: DiscussionRecord;
  comment: CommentRecord;
}) {
  const { t } = useTranslation();
  const modify = useModifyComment();
  const { canEdit } = useCommentRules(discussion);
  const [showReplies, setShowReplies] = useState(false);
  const repliesId = `replies-${comment.discussionCommentId}`;
  return (
    <Stack spacing={1}>
      <CommentCard
        fullName={comment.fullName}
        createdAt={comment.createdAt}
        updatedAt={comment.updatedAt}
        text={comment.discussionComment}
        editable={canEdit(comment.discussionCommentUserId, comment.createdAt)}
        editLabel={t('discussions.editComment')}
        save={(text: string) =>
          modify.mutateAsync({ id: comment.discussionCommentId, comment: text })
        }
      />
      <Stack
        direction="row"
        useFlexGap
        spacing={2}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      >
        <Button
          size="small"
          onClick={() => setShowReplies((value) => !value)}
          aria-expanded={showReplies}
          aria-controls={repliesId}
          sx={{ px: 0 }}
        >
          {showReplies
            ? t('discussions.hideReplies')
            : comment.count > 0
              ? t('discussions.replies', { count: comment.count })
              : t('discussions.reply')}
        </Button>
        {/* Only where there are replies to open: an empty page helps nobody. */}
        {comment.count > 0 && (
          <Link
            component={RouterLink}
            to={`../show-sub-comments?commentId=${comment.discussionCommentId}`}
            variant="body2"
          >
            {t('discussions.openSubComments')}
          </Link>
        )}
      </Stack>
      <div id={repliesId}>
        {showReplies && (
          <SubComments discussion={discussion} commentId={comment.discussionCommentId} />
        )}
      </div>
      <Divider />
    </Stack>
  );
}
