import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useCan, useSession } from '@/lib/session';
import { useCreateComment } from '../api/create-comment';
import { COMMENTS_PAGE_SIZE, useComments } from '../api/get-comments';
import { useDiscussion } from '../api/get-discussion';
import { useFollowing } from '../api/get-following';
import { useMarkDiscussionRead } from '../api/mark-discussion-read';
import { useModerateDiscussion } from '../api/moderate-discussion';
import { useSetFollowing } from '../api/set-following';
import { CommentForm } from '../components/comment-form';
import { CommentText } from '../components/comment-text';
import { CommentThread } from '../components/comment-thread';
import { formatDiscussionTime } from '../components/discussion-time';
import { useLiveDiscussions } from '../components/use-live-discussions';

/**
 * /tieto/current-discussions?discussionId=: the discussion, its comments (paged, oldest first)
 * with their replies, and the comment form while it is open. Others' new comments appear live.
 */
export function CurrentDiscussionRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const discussionId = params.get('discussionId') ?? '';
  const discussion = useDiscussion(discussionId);
  const [page, setPage] = useState(0);
  const comments = useComments(discussionId, page);
  const create = useCreateComment();
  const following = useFollowing(discussionId);
  const setFollowing = useSetFollowing();
  const markRead = useMarkDiscussionRead();
  const moderate = useModerateDiscussion();
  const manages = useCan({ do: 'manageDiscussions' });
  const { user } = useSession();
  useLiveDiscussions();
  const loaded = Boolean(discussion.data);
  const markReadNow = markRead.mutate;
  // Opening the discussion reads it: its unread marker clears in the lists.
  useEffect(() => {
    if (loaded) markReadNow(discussionId);
  }, [loaded, discussionId, markReadNow]);

  if (!discussionId) return <Alert severity="info">{t('discussions.missingDiscussion')}</Alert>;
  if (discussion.error) return <Alert severity="error">{errorText(discussion.error)}</Alert>;
  if (!discussion.data) return <CircularProgress aria-label={t('app.loading')} />;
  const current = discussion.data;
  const total = comments.data?.total ?? 0;
  const pages = Math.ceil(total / COMMENTS_PAGE_SIZE);
  const moderates = manages || current.discussionModerator === user?.uuid;
  const open = current.discussionState === 'Aktiivinen' && !current.locked;

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Link component={RouterLink} to="../discussions">
        {t('discussions.backToList')}
      </Link>
      <PageHeader title={current.discussionTitle} />
      <Stack spacing={1}>
        <Typography color="text.secondary" variant="body2">
          {current.targetName} ·{' '}
          {t('discussions.startedAt', { date: formatDiscussionTime(current.createdAt) })} ·{' '}
          {t('discussions.moderator', { name: current.moderatorName })}
        </Typography>
        <CommentText text={current.discussionDescription} />
        <div>
          <FormControlLabel
            control={
              <Switch
                // The choice shows at once; the saved value follows when the call returns.
                checked={
                  setFollowing.isPending
                    ? Boolean(setFollowing.variables?.following)
                    : (following.data ?? false)
                }
                disabled={following.isPending}
                onChange={(event) =>
                  setFollowing.mutate({ discussionId, following: event.target.checked })
                }
                slotProps={{ input: { 'aria-describedby': 'follow-hint' } }}
              />
            }
            label={t('discussions.follow')}
          />
          <FormHelperText id="follow-hint" sx={{ mt: 0 }}>
            {t('discussions.followHint')}
          </FormHelperText>
          {setFollowing.error ? (
            <Alert severity="error">{errorText(setFollowing.error)}</Alert>
          ) : null}
        </div>
      </Stack>
      {moderates && (
        <Stack
          component="fieldset"
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ border: 0, p: 0, m: 0 }}
        >
          <Typography component="legend" variant="subtitle2">
            {t('discussions.moderation')}
          </Typography>
          {(['pinned', 'locked'] as const).map((key) => (
            <FormControlLabel
              key={key}
              control={
                <Switch
                  checked={
                    moderate.isPending && moderate.variables?.[key] !== undefined
                      ? Boolean(moderate.variables[key])
                      : current[key]
                  }
                  onChange={(event) =>
                    moderate.mutate({ discussionId, [key]: event.target.checked })
                  }
                />
              }
              label={t(`discussions.${key}`)}
            />
          ))}
          {moderate.error ? <Alert severity="error">{errorText(moderate.error)}</Alert> : null}
        </Stack>
      )}
      {current.discussionState !== 'Aktiivinen' && (
        <Alert severity="info">{t('discussions.closed')}</Alert>
      )}
      {current.discussionState === 'Aktiivinen' && current.locked && (
        <Alert severity="info">{t('discussions.lockedNotice')}</Alert>
      )}
      <Stack spacing={2} component="section" aria-labelledby="comments-heading">
        <Typography id="comments-heading" component="h2" variant="h6">
          {t('discussions.commentsTitle')} ({total})
        </Typography>
        {comments.error ? <Alert severity="error">{errorText(comments.error)}</Alert> : null}
        {comments.isPending && <CircularProgress aria-label={t('app.loading')} />}
        {!comments.isPending && total === 0 && (
          <Typography color="text.secondary">{t('discussions.noComments')}</Typography>
        )}
        <Stack spacing={2} aria-live="polite">
          {(comments.data?.comments ?? []).map((comment) => (
            <CommentThread
              key={comment.discussionCommentId}
              discussion={current}
              comment={comment}
            />
          ))}
        </Stack>
        {pages > 1 && (
          <nav aria-label={t('discussions.pagination')}>
            <Pagination
              count={pages}
              page={page + 1}
              onChange={(_, value) => setPage(value - 1)}
              getItemAriaLabel={(type, value) =>
                type === 'page' ? t('discussions.page', { page: value }) : type
              }
            />
          </nav>
        )}
      </Stack>
      {open && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('discussions.addComment')}
          </Typography>
          <CommentForm
            label={t('discussions.comment')}
            submitLabel={t('discussions.send')}
            mentionIn={discussionId}
            mutation={(text, mentions) =>
              create.mutateAsync({ discussionId, discussionComment: text, mentions })
            }
            onDone={() => {
              // The new comment is the last one: show the last page.
              setPage(Math.max(0, Math.ceil((total + 1) / COMMENTS_PAGE_SIZE) - 1));
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
