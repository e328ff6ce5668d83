import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useActiveTarget } from '@/lib/use-active-target';
import { useTargetDiscussions } from '../api/get-target-discussions';
import { formatDiscussionTime } from '../components/discussion-time';
import { DiscussionTitle } from '../components/discussion-title';
import { useLiveDiscussions } from '../components/use-live-discussions';

const PAGE_SIZE = 10;

/**
 * /tieto/discussions (and main-discussions): the active target's open discussions with their
 * comment counts and a join button, closed ones on request; 'Ei avoimia keskusteluja' when there
 * are none (spec 001 §2, §8).
 */
export function DiscussionsRoute() {
  const { t } = useTranslation();
  const selectId = useId();
  const { targets, list, activeId, choose } = useActiveTarget();
  const [page, setPage] = useState(0);
  const [showClosed, setShowClosed] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The server searches a moment after typing stops, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const discussions = useTargetDiscussions(activeId, !showClosed, search, page, PAGE_SIZE);
  useLiveDiscussions();
  const rows = discussions.data?.discussions ?? [];
  const pages = Math.ceil((discussions.data?.total ?? 0) / PAGE_SIZE);

  return (
    <Stack spacing={3}>
      <PageHeader title={t('discussions.listTitle')} intro={t('discussions.listIntro')} />
      {targets.error ? <Alert severity="error">{errorText(targets.error)}</Alert> : null}
      {!targets.isPending && list.length === 0 && (
        <Typography>{t('discussions.noTargets')}</Typography>
      )}
      {list.length > 0 && (
        <FormControl sx={{ maxWidth: 420 }} fullWidth>
          <InputLabel id={`${selectId}-label`}>{t('discussions.activeTarget')}</InputLabel>
          <Select
            labelId={`${selectId}-label`}
            id={selectId}
            label={t('discussions.activeTarget')}
            value={activeId ?? ''}
            onChange={(event) => {
              choose(event.target.value);
              setPage(0);
            }}
          >
            {list.map((target) => (
              <MenuItem key={target.targetId} value={target.targetId}>
                {target.targetName}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      {list.length > 0 && (
        <FormControlLabel
          control={
            <Switch
              checked={showClosed}
              onChange={(event) => {
                setShowClosed(event.target.checked);
                setPage(0);
              }}
            />
          }
          label={t('discussions.showClosed')}
        />
      )}
      {list.length > 0 && (
        <TextField
          type="search"
          size="small"
          sx={{ maxWidth: 420 }}
          label={t('discussions.search')}
          helperText={t('discussions.searchHint')}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setPage(0);
          }}
        />
      )}
      {discussions.error ? <Alert severity="error">{errorText(discussions.error)}</Alert> : null}
      {activeId && discussions.isPending && <CircularProgress aria-label={t('app.loading')} />}
      {activeId && !discussions.isPending && rows.length === 0 && (
        <Typography>
          {search
            ? t('discussions.noMatches')
            : showClosed
              ? t('discussions.none')
              : t('discussions.noOpen')}
        </Typography>
      )}
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((discussion) => (
          <li key={discussion.discussionId}>
            <Card variant="outlined">
              <CardContent>
                <DiscussionTitle
                  discussion={discussion}
                  heading={(title) => (
                    <Typography component="h2" variant="h6">
                      {title}
                    </Typography>
                  )}
                />
                <Typography color="text.secondary" variant="body2">
                  {t('discussions.startedAt', {
                    date: formatDiscussionTime(discussion.createdAt),
                  })}
                  {' · '}
                  {t('discussions.commentCount', { count: discussion.comments })}
                  {discussion.discussionState === 'Passiivinen' &&
                    ` · ${t('recordStates.Passiivinen')}`}
                </Typography>
                <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {discussion.discussionDescription}
                </Typography>
              </CardContent>
              <CardActions>
                <Button
                  component={RouterLink}
                  to={`../current-discussions?discussionId=${discussion.discussionId}`}
                  variant="contained"
                  aria-label={t('discussions.joinLabel', { title: discussion.discussionTitle })}
                >
                  {t('discussions.join')}
                </Button>
              </CardActions>
            </Card>
          </li>
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page + 1}
          onChange={(_, value) => setPage(value - 1)}
          getItemAriaLabel={(type, value) =>
            type === 'page' ? t('discussions.page', { page: value }) : type
          }
        />
      )}
    </Stack>
  );
}
