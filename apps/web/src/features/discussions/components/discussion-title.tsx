import LockIcon from '@mui/icons-material/Lock';
import PushPinIcon from '@mui/icons-material/PushPin';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { DiscussionRecord } from '@vahti/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A discussion's title with its markers: pinned, locked, and how many comments are new to the
 * user (in words, so a screen reader says them too).
 */
export function DiscussionTitle({
  discussion,
  heading,
}: {
  discussion: Pick<DiscussionRecord, 'discussionTitle' | 'pinned' | 'locked' | 'unread'>;
  /** The title as a heading (the list's cards); plain text by default (the table). */
  heading?: (title: string) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {heading ? heading(discussion.discussionTitle) : <span>{discussion.discussionTitle}</span>}
      {discussion.pinned && (
        <Chip
          size="small"
          variant="outlined"
          icon={<PushPinIcon />}
          label={t('discussions.pinned')}
        />
      )}
      {discussion.locked && (
        <Chip size="small" variant="outlined" icon={<LockIcon />} label={t('discussions.locked')} />
      )}
      {discussion.unread > 0 && (
        <Chip
          size="small"
          color="primary"
          label={t('discussions.unread', { count: discussion.unread })}
        />
      )}
    </Stack>
  );
}
