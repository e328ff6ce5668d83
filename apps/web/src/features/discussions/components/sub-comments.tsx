import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DiscussionRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { useCreateSubComment } from '../api/create-sub-comment';
import { useSubComments } from '../api/get-sub-comments';
import { useModifySubComment } from '../api/modify-sub-comment';
import { CommentCard } from './comment-card';
import { CommentForm } from './comment-form';
import { useCommentRules } from './use-comment-rules';

interface SubCommentsProps {
  discussion: DiscussionRecord;
  commentId: string;
}

/** A comment's replies, oldest first, and the reply form while the discussion is open. */
export function SubComments({ discussion, commentId }: SubCommentsProps) {
  const { t } = useTranslation();
  const replies = useSubComments(commentId);
  const create = useCreateSubComment();
  const modify = useModifySubComment();
  const { canEdit } = useCommentRules(discussion);
  const open = discussion.discussionState === 'Aktiivinen' && !discussion.locked;
  const rows = replies.data?.subComments ?? [];
  return (
    <Stack spacing={2} sx={{ pl: { xs: 1.5, sm: 3 }, borderLeft: 2, borderColor: 'divider' }}>
      {replies.isPending && <CircularProgress size={24} aria-label={t('app.loading')} />}
      {replies.error ? <Alert severity="error">{errorText(replies.error)}</Alert> : null}
      {!replies.isPending && rows.length === 0 && (
        <Typography color="text.secondary">{t('discussions.noSubComments')}</Typography>
      )}
      {rows.map((reply) => (
        <CommentCard
          key={reply.discussionCommentSubId}
          level="h4"
          fullName={reply.fullName}
          createdAt={reply.createdAt}
          updatedAt={reply.updatedAt}
          text={reply.discussionSubComment}
          editable={canEdit(reply.discussionSubCommentUserId, reply.createdAt)}
          editLabel={t('discussions.editSubComment')}
          save={(comment: string) =>
            modify.mutateAsync({ id: reply.discussionCommentSubId, comment })
          }
        />
      ))}
      {open && (
        <CommentForm
          label={t('discussions.replyLabel')}
          submitLabel={t('discussions.sendReply')}
          mentionIn={discussion.discussionId}
          mutation={(text, mentions) =>
            create.mutateAsync({
              discussionId: discussion.discussionId,
              discussionCommentId: commentId,
              discussionSubComment: text,
              mentions,
            })
          }
        />
      )}
    </Stack>
  );
}
