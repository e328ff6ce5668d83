import { ALARM_QUEUE_STATES, type AlarmQueueState, type AlarmRecord } from '@vahti/domain';
import type { AlarmFilters } from './api/get-alarms';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Each queue state as the list's filters ac and st (spec 001 §2 Vainu 7, extended by 1 and 0). */
export const STATE_FILTERS: Record<AlarmQueueState, Pick<AlarmFilters, 'ac' | 'st'>> = {
  activeUnacknowledged: { ac: '1', st: '0' },
  activeAcknowledged: { ac: '1', st: '1' },
  endedUnacknowledged: { ac: '0', st: '0' },
  endedAcknowledged: { ac: '0', st: '1' },
};

/** The queue state of an alarm. */
export const queueStateOf = (alarm: Pick<AlarmRecord, 'active' | 'state'>): AlarmQueueState =>
  `${alarm.active ? 'active' : 'ended'}${alarm.state === 1 ? 'Acknowledged' : 'Unacknowledged'}`;

/** The one queue state the filters select, or null when they select several. */
export const stateOfFilters = (filters: Pick<AlarmFilters, 'ac' | 'st'>) =>
  ALARM_QUEUE_STATES.find(
    (state) => STATE_FILTERS[state].ac === filters.ac && STATE_FILTERS[state].st === filters.st,
  ) ?? null;

/** One of '', '0' and '1' from the query string. */
const flag = (value: string | null) => (value === '0' || value === '1' ? value : '');

/** The filters from the query string (tid repeated or comma-joined); unreadable values dropped. */
export function filtersOf(params: URLSearchParams): AlarmFilters {
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    tid: params
      .getAll('tid')
      .flatMap((v) => v.split(','))
      .filter(Boolean),
    sd: day('sd'),
    ed: day('ed'),
    st: flag(params.get('st')),
    ac: flag(params.get('ac')),
  };
}
