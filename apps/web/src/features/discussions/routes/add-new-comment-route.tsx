import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FormScreen } from '@/components/form-screen';
import { errorText } from '@/lib/api-client';
import { useCreateComment } from '../api/create-comment';
import { useDiscussion } from '../api/get-discussion';
import { CommentForm } from '../components/comment-form';

/** /tieto/add-new-comment?discussionId=: a comment on its own screen, then back to the discussion. */
export function AddNewCommentRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const discussionId = params.get('discussionId') ?? '';
  const discussion = useDiscussion(discussionId);
  const create = useCreateComment();
  const back = `../current-discussions?discussionId=${discussionId}`;
  return (
    <FormScreen title={t('discussions.addCommentTitle')}>
      {!discussionId && <Alert severity="info">{t('discussions.missingDiscussion')}</Alert>}
      {discussion.error ? <Alert severity="error">{errorText(discussion.error)}</Alert> : null}
      {discussion.data && (
        <>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            {discussion.data.discussionTitle}
          </Typography>
          {discussion.data.discussionState === 'Aktiivinen' && !discussion.data.locked ? (
            <CommentForm
              label={t('discussions.comment')}
              submitLabel={t('discussions.send')}
              mutation={(text: string) =>
                create.mutateAsync({ discussionId, discussionComment: text })
              }
              onDone={() => void navigate(back)}
            />
          ) : (
            <Alert severity="info">{t('discussions.closed')}</Alert>
          )}
          <Link component={RouterLink} to={back} sx={{ display: 'inline-block', mt: 2 }}>
            {t('discussions.backToDiscussion')}
          </Link>
        </>
      )}
    </FormScreen>
  );
}
