import { reportScheduleRecipients, reportSchedules } from '../../src/db/schema/index.js';
import { measurementOf } from '../helpers/device-fixtures.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import type { Access, Matrix } from './matrix.js';

/** Scheduled reports: the Vainu permission and a role above Käyttäjä (manageReportSchedules). */
const MANAGE = { section: 'vainu', minRole: 'Pääkäyttäjä' } as const satisfies Access;

/** A valid body of the organization: its target, CO2 and its Pääkäyttäjä as the recipient. */
async function bodyOf(fx: Fixtures, org: FixtureOrg) {
  return {
    targetId: org.target.id,
    measurementId: await measurementOf(fx.db, org.id, 'CO2'),
    frequency: 'weekly',
    weekday: 1,
    hour: 7,
    recipients: [(await fx.user(org.key, 'Pääkäyttäjä')).id],
    enabled: true,
  };
}

/**
 * A schedule of the organization made by its Pääkäyttäjä, whom Ylläpitäjä and above see past
 * (they see every schedule of the organization).
 */
async function scheduleOf(fx: Fixtures, org: FixtureOrg) {
  const body = await bodyOf(fx, org);
  const [row] = await fx.db
    .insert(reportSchedules)
    .values({
      organizationId: org.id,
      targetId: body.targetId,
      measurementId: body.measurementId,
      frequency: 'weekly',
      weekday: 1,
      hour: 7,
      createdBy: body.recipients[0],
      nextRunAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: reportSchedules.id });
  if (!row) throw new Error('schedule not stored');
  await fx.db
    .insert(reportScheduleRecipients)
    .values(body.recipients.map((userId) => ({ scheduleId: row.id, userId })));
  return { id: row.id, body };
}

const byId = (method: 'PUT' | 'DELETE' | 'SEND') => ({
  access: MANAGE,
  ids: {
    notFound: 'reportSchedules.REPORT_SCHEDULE_NOT_FOUND' as const,
    of: async (fx: Fixtures, org: FixtureOrg) => {
      const { id, body } = await scheduleOf(fx, org);
      const url = `/api/report-schedules/${id}${method === 'SEND' ? '/send' : ''}`;
      return method === 'PUT' ? { url, body } : { url };
    },
    missing: async (fx: Fixtures) => {
      const url = `/api/report-schedules/${fx.missing}${method === 'SEND' ? '/send' : ''}`;
      return method === 'PUT' ? { url, body: await bodyOf(fx, fx.orgA) } : { url };
    },
  },
});

/** Scheduled reports (issue 28). */
export const reportSchedulesMatrix: Matrix = {
  'GET /api/report-schedules': { access: MANAGE },
  'GET /api/report-schedules/recipients': {
    access: MANAGE,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      of: (_fx, org) => ({
        url: `/api/report-schedules/recipients?organizationId=${org.id}&targetId=${org.target.id}`,
      }),
      missing: (fx) => ({ url: `/api/report-schedules/recipients?organizationId=${fx.missing}` }),
    },
  },
  'POST /api/report-schedules': {
    access: MANAGE,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      of: async (fx, org) => ({
        url: '/api/report-schedules',
        body: { ...(await bodyOf(fx, org)), organizationId: org.id },
      }),
      missing: async (fx) => ({
        url: '/api/report-schedules',
        body: { ...(await bodyOf(fx, fx.orgA)), organizationId: fx.missing },
      }),
    },
  },
  'PUT /api/report-schedules/:id': byId('PUT'),
  'DELETE /api/report-schedules/:id': byId('DELETE'),
  'POST /api/report-schedules/:id/send': byId('SEND'),
};
