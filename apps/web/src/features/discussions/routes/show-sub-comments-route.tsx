import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useComment } from '../api/get-comment';
import { useDiscussion } from '../api/get-discussion';
import { useModifyComment } from '../api/modify-comment';
import { CommentCard } from '../components/comment-card';
import { SubComments } from '../components/sub-comments';
import { useCommentRules } from '../components/use-comment-rules';
import { useLiveDiscussions } from '../components/use-live-discussions';

/**
 * /tieto/show-sub-comments?commentId= (named sub-comments; add-new-sub-comment too): one comment
 * with its replies and the reply form.
 */
export function ShowSubCommentsRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const commentId = params.get('commentId') ?? '';
  const comment = useComment(commentId);
  const discussion = useDiscussion(comment.data?.discussionId ?? '');
  const modify = useModifyComment();
  const { canEdit } = useCommentRules(discussion.data);
  useLiveDiscussions();

  const failure = comment.error ?? discussion.error;
  if (!commentId) return <Alert severity="info">{t('discussions.missingDiscussion')}</Alert>;
  if (failure) return <Alert severity="error">{errorText(failure)}</Alert>;
  if (!comment.data || !discussion.data) return <CircularProgress aria-label={t('app.loading')} />;
  const current = comment.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Link
        component={RouterLink}
        to={`../current-discussions?discussionId=${current.discussionId}`}
      >
        {t('discussions.backToDiscussion')}
      </Link>
      <PageHeader
        title={`${t('discussions.subCommentsTitle')}: ${discussion.data.discussionTitle}`}
      />
      <CommentCard
        fullName={current.fullName}
        createdAt={current.createdAt}
        updatedAt={current.updatedAt}
        text={current.discussionComment}
        editable={canEdit(current.discussionCommentUserId, current.createdAt)}
        editLabel={t('discussions.editComment')}
        save={(text: string) =>
          modify.mutateAsync({ id: current.discussionCommentId, comment: text })
        }
        level="h2"
      />
      <SubComments discussion={discussion.data} commentId={current.discussionCommentId} />
    </Stack>
  );
}
