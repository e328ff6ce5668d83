import {
  type AlarmBreakThrough,
  type ChannelSettings,
  isCritical,
  NOTIFY_CHANNELS,
  type NotificationSettingsBody,
  type NotifyChannel,
  type NotifyEvent,
  notifyKindOf,
} from '@vahti/domain';
import { finnishMinutes, minutesOf, nextFinnishTime, withinSpan } from './local-time.js';

/** What happened to an alarm, as far as the routing needs to know. */
export interface RoutedEvent {
  event: NotifyEvent;
  breakThrough: AlarmBreakThrough;
  targetId: string;
}

/** One channel's answer for one user: send now, or hold until `until` (digest, quiet hours). */
export type Decision =
  | { channel: NotifyChannel; send: 'now' }
  | { channel: NotifyChannel; send: 'later'; until: Date; reason: 'digest' | 'quietHours' };

/** Whether one channel's settings want this event at all. */
export function wants(settings: ChannelSettings, e: RoutedEvent): boolean {
  return (
    settings.enabled &&
    (settings.allTargets || settings.targetIds.includes(e.targetId)) &&
    settings.kinds.includes(notifyKindOf(e.breakThrough)) &&
    settings.events.includes(e.event)
  );
}

/**
 * The one place that decides, for a user's effective settings, what an alarm event becomes on
 * each channel at `now`: nothing; a message now; or one held for the e-mail digest (at the
 * digest hour) or until the quiet hours end (only critical kinds pass during them).
 */
export function decide(settings: NotificationSettingsBody, e: RoutedEvent, now: Date): Decision[] {
  const decisions: Decision[] = [];
  for (const channel of NOTIFY_CHANNELS) {
    const s = settings[channel];
    if (!wants(s, e)) continue;
    if (channel === 'email' && s.digest) {
      decisions.push({
        channel,
        send: 'later',
        until: nextFinnishTime(now, s.digestHour * 60),
        reason: 'digest',
      });
      continue;
    }
    const quiet = s.quietHours;
    if (
      quiet &&
      !isCritical(e.breakThrough) &&
      withinSpan(finnishMinutes(now), minutesOf(quiet.start), minutesOf(quiet.end))
    ) {
      decisions.push({
        channel,
        send: 'later',
        until: nextFinnishTime(now, minutesOf(quiet.end)),
        reason: 'quietHours',
      });
      continue;
    }
    decisions.push({ channel, send: 'now' });
  }
  return decisions;
}
