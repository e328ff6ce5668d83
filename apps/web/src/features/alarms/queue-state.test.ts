import { describe, expect, it } from 'vitest';
import { filtersOf, queueStateOf, STATE_FILTERS, stateOfFilters } from './queue-state';

describe('the alarm queue states', () => {
  it('reads the filters of the URL, dropping what it cannot read', () => {
    expect(filtersOf(new URLSearchParams('tid=a,b&tid=c&sd=2026-03-01&ed=x&st=1&ac=0'))).toEqual({
      tid: ['a', 'b', 'c'],
      sd: '2026-03-01',
      ed: '',
      st: '1',
      ac: '0',
    });
    expect(filtersOf(new URLSearchParams('st=2&ac=yes'))).toMatchObject({ st: '', ac: '' });
  });

  it('maps each state to its filters and back; other filter pairs select no one state', () => {
    for (const [state, filters] of Object.entries(STATE_FILTERS)) {
      expect(stateOfFilters(filters)).toBe(state);
    }
    expect(stateOfFilters({ ac: '1', st: '' })).toBeNull();
    expect(stateOfFilters({ ac: '', st: '' })).toBeNull();
  });

  it('names an alarm’s state from whether it is open and acknowledged', () => {
    expect(queueStateOf({ active: true, state: 0 })).toBe('activeUnacknowledged');
    expect(queueStateOf({ active: true, state: 1 })).toBe('activeAcknowledged');
    expect(queueStateOf({ active: false, state: 0 })).toBe('endedUnacknowledged');
    expect(queueStateOf({ active: false, state: 1 })).toBe('endedAcknowledged');
  });
});
