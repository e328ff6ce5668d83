import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { ALARM_BADGE_MAX, ALARM_EVENTS } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInvalidateOnEvents } from '@/lib/event-stream';
import { useCan } from '@/lib/session';
import { alarmKeys } from '../api/alarm-keys';
import { useActiveAlarmCount } from '../api/get-active-alarm-count';

/** What the badge shows: '-' when loading failed, '10+' above 10 (spec 000 §2, §8, §9). */
export function badgeText(count: number | undefined, failed: boolean): string {
  if (failed) return '-';
  if (count === undefined) return '';
  return count > ALARM_BADGE_MAX ? `${ALARM_BADGE_MAX}+` : String(count);
}

/**
 * The active-alarm badge of the Hallinta and Vainu bars: the count of active, unacknowledged
 * alarms, polled every 60 s and refreshed at once by `alarm.changed`; opens the alarm list.
 * Shown only to a user with Vainu (no one else may call the alarm API).
 */
export function AlarmBadge() {
  return useCan({ do: 'openSection', section: 'vainu' }) ? <LiveAlarmBadge /> : null;
}

function LiveAlarmBadge() {
  const { t } = useTranslation();
  const count = useActiveAlarmCount();
  useInvalidateOnEvents(
    (event) => (event.type === ALARM_EVENTS.changed ? [alarmKeys.all] : []),
    [alarmKeys.all],
  );
  // A failed poll keeps showing '-' until a later poll succeeds.
  const failed = count.isError;
  const text = badgeText(count.data, failed);
  const label = failed
    ? t('alarms.badgeFailed')
    : count.data === undefined
      ? t('alarms.badgeLoading')
      : t('alarms.badgeLabel', { count: count.data });
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        component={Link}
        to="/vainu/show-alarms?st=0&ac=1"
        aria-label={label}
        data-testid="alarm-badge"
      >
        <Badge
          badgeContent={text}
          color={failed ? 'warning' : 'error'}
          invisible={text === '' || text === '0'}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
