import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentForm } from './comment-form';
import { CommentText } from './comment-text';
import { formatDiscussionTime } from './discussion-time';

interface CommentCardProps<TResponse extends { message: string }> {
  fullName: string;
  createdAt: string;
  updatedAt: string;
  text: string;
  /** Shown only when the user may edit (the API decides again). */
  editable: boolean;
  editLabel: string;
  save: (text: string) => Promise<TResponse>;
  /** Under the text: replies, reply form. */
  children?: ReactNode;
  /** Heading level of the writer's name. */
  level?: 'h2' | 'h3' | 'h4';
}

/** One comment or reply: writer, time (DD.MM.YYYY HH:mm), text, and an edit in place. */
export function CommentCard<TResponse extends { message: string }>({
  fullName,
  createdAt,
  updatedAt,
  text,
  editable,
  editLabel,
  save,
  children,
  level = 'h3',
}: CommentCardProps<TResponse>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const edited = new Date(updatedAt).getTime() - new Date(createdAt).getTime() > 1000;
  return (
    <Box component="article" aria-label={`${fullName}, ${formatDiscussionTime(createdAt)}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={0.25} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography component={level} variant="subtitle2" sx={{ fontWeight: 600 }}>
            {fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={createdAt}>{formatDiscussionTime(createdAt)}</time>
            {edited && ` (${t('discussions.edited')})`}
          </Typography>
        </Stack>
        {editable && !editing && (
          <Tooltip title={editLabel}>
            <IconButton aria-label={editLabel} onClick={() => setEditing(true)} size="small">
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Box sx={{ mt: 1 }}>
        {editing ? (
          <CommentForm
            label={editLabel}
            submitLabel={t('discussions.save')}
            mutation={save}
            initialText={text}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Stack spacing={0.5}>
            <CommentText text={text} />
          </Stack>
        )}
      </Box>
      {children}
    </Box>
  );
}
