import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { AlarmRecord } from '@vahti/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlarmNoticeLinks } from '@/components/alarm-notice-dialog';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { formatUtc } from '@/lib/dates';

/**
 * An alarm's timeline: opened, acknowledged, cancelled, closed, residents informed — who and
 * when (UTC), the comment given with an acknowledgement, and the notice's discussion and survey.
 */
export function AlarmTimelineDialog({
  alarm,
  onClose,
}: {
  alarm: AlarmRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('alarms.timelineTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" gutterBottom>
          {alarm.Device.deviceName} · {alarm.Device.Target.targetName} · {alarm.alarmDescription}
        </Typography>
        <List dense aria-label={t('alarms.timelineTitle')}>
          {alarm.timeline.map((entry) => (
            <ListItem key={`${entry.kind}-${entry.createdAt}`} disableGutters>
              <ListItemText
                // An escalation step names the role it reached (its comment), not a person.
                primary={`${t(`alarms.events.${entry.kind}`)} – ${entry.kind === 'escalated' ? entry.comment : entry.fullName || t('alarms.system')}`}
                secondary={
                  <>
                    <span>{formatUtc(entry.createdAt)}</span>
                    {entry.comment && entry.kind !== 'escalated' && (
                      <Typography
                        component="span"
                        variant="body2"
                        sx={{ display: 'block', color: 'text.primary', whiteSpace: 'pre-wrap' }}
                      >
                        {`${t('alarms.comment')}: ${entry.comment}`}
                      </Typography>
                    )}
                    {entry.kind === 'notified' && <AlarmNoticeLinks entry={entry} />}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alarms.close')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
