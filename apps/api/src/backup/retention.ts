import { helsinkiDate } from '@vahti/domain';

/**
 * Which backups `npm run backup` keeps (BACKUP_KEEP, ADR 0029):
 *   all                          every backup
 *   14                           the newest 14
 *   daily=7,weekly=4,monthly=6   the newest backup of each of the 7 latest days, 4 latest ISO weeks
 *                                and 6 latest months that have one (Finnish calendar), and
 *                                `last=N` the newest N besides; a backup kept by any rule stays.
 */
export type KeepPolicy = 'all' | Partial<Record<KeepRule, number>>;

const RULES = ['last', 'daily', 'weekly', 'monthly'] as const;
type KeepRule = (typeof RULES)[number];

export class KeepPolicyError extends Error {}

export function parseKeepPolicy(text: string): KeepPolicy {
  const value = text.trim();
  if (value === 'all') return 'all';
  const fail = () =>
    new KeepPolicyError(
      `BACKUP_KEEP: "${text}" is not a retention; write "all", a count (14) or rules such as "daily=7,weekly=4,monthly=6" (last, daily, weekly, monthly; each at least 1)`,
    );
  if (/^\d+$/.test(value)) {
    const count = Number(value);
    if (count < 1) throw fail();
    return { last: count };
  }
  const policy: Partial<Record<KeepRule, number>> = {};
  for (const part of value.split(',')) {
    const match = /^\s*(\w+)\s*=\s*(\d+)\s*$/.exec(part);
    const rule = match?.[1] as KeepRule | undefined;
    const count = Number(match?.[2]);
    if (!rule || !RULES.includes(rule) || policy[rule] !== undefined || !(count >= 1)) throw fail();
    policy[rule] = count;
  }
  return policy;
}

export interface DatedBackup {
  name: string;
  createdAt: Date;
}

/** The backups to remove under the policy; the newest is always kept. */
export function backupsToRemove<T extends DatedBackup>(
  backups: readonly T[],
  policy: KeepPolicy,
): T[] {
  if (policy === 'all') return [];
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const keep = new Set<T>(newestFirst.slice(0, Math.max(1, policy.last ?? 0)));
  for (const [rule, periodOf] of PERIODS) {
    const count = policy[rule];
    if (count === undefined) continue;
    const periods = new Set<string>();
    for (const backup of newestFirst) {
      const period = periodOf(backup.createdAt);
      if (periods.has(period)) continue;
      if (periods.size === count) break;
      periods.add(period);
      keep.add(backup);
    }
  }
  return newestFirst.filter((backup) => !keep.has(backup));
}

/** The ISO week (YYYY-Www) of the Finnish day. */
function weekOf(time: Date): string {
  const day = new Date(`${helsinkiDate(time)}T00:00:00Z`);
  const weekday = day.getUTCDay() || 7;
  // The week's Thursday decides its year.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

const PERIODS: [KeepRule, (time: Date) => string][] = [
  ['daily', helsinkiDate],
  ['weekly', weekOf],
  ['monthly', (time) => helsinkiDate(time).slice(0, 7)],
];
