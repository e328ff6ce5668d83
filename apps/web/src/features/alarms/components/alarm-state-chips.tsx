import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ALARM_QUEUE_STATES, type AlarmQueueState, type AlarmsResponse } from '@vahti/domain';
import { useTranslation } from 'react-i18next';

/**
 * The work queue's four states with their counts, each a toggle that filters the list to it
 * (pressed again: every state). The count and the state are text, the colour only repeats them.
 */
export function AlarmStateChips({
  counts,
  current,
  onSelect,
}: {
  counts: AlarmsResponse['counts'] | undefined;
  current: AlarmQueueState | null;
  onSelect: (state: AlarmQueueState | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('alarms.states.label')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        gap: 1,
      }}
    >
      {ALARM_QUEUE_STATES.map((state) => {
        const pressed = current === state;
        return (
          <Button
            key={state}
            variant={pressed ? 'contained' : 'outlined'}
            color={state === 'activeUnacknowledged' ? 'error' : 'primary'}
            aria-pressed={pressed}
            onClick={() => onSelect(pressed ? null : state)}
            sx={{
              flexDirection: 'column',
              alignItems: 'flex-start',
              textAlign: 'left',
              textTransform: 'none',
              px: 1.5,
              py: 1,
            }}
          >
            <Typography component="span" variant="h5" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              {counts ? counts[state] : '–'}
            </Typography>
            <Typography component="span" variant="body2">
              {t(`alarms.states.${state}`)}
            </Typography>
          </Button>
        );
      })}
    </Box>
  );
}
