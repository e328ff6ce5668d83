import { createAlarm } from '../helpers/alarm-fixtures.js';
import { createDevice } from '../helpers/device-fixtures.js';
import type { Access, Matrix } from './matrix.js';
import { freshIds, organizationIds } from './requests.js';

/** Vainu alarms: the Vainu permission, any role (a Käyttäjä sees linked targets' alarms). */
const VAINU = { section: 'vainu', minRole: 'Käyttäjä' } as const satisfies Access;
/**
 * Telling residents of an alarm and reading their answers: Tieto's staff (discussions and
 * surveys are managed above Käyttäjä); every fixture staff user has Vainu too.
 */
const TIETO_STAFF = { section: 'tieto', minRole: 'Pääkäyttäjä' } as const satisfies Access;

/** The alarm list, the badge's active alarms, the by-device lookup and acknowledgement (one or many). */
export const alarmsMatrix: Matrix = {
  'GET /api/alarms': { access: VAINU },
  'GET /api/alarms/active': { access: VAINU },
  'GET /api/organization-alarms': {
    access: VAINU,
    ids: organizationIds((id) => `/api/organization-alarms?organizationId=${id}`),
  },
  'GET /api/device-alarms': {
    access: VAINU,
    ids: freshIds('DEVICE_NOT_FOUND', async (fx, org) => ({
      url: `/api/device-alarms?id=${org ? await createDevice(fx.db, org.id, org.target.id) : fx.missing}`,
    })),
  },
  'PATCH /api/alarms/ack': {
    access: VAINU,
    ids: freshIds('alarm.ALARM_NOT_FOUND', async (fx, org) => ({
      url: '/api/alarms/ack',
      body: {
        id: org ? (await createAlarm(fx.db, org.id, org.target.id)).alarmId : fx.missing,
        state: 1,
      },
    })),
  },
  'POST /api/alarms/acknowledge': {
    access: VAINU,
    ids: freshIds('alarm.ALARM_NOT_FOUND', async (fx, org) => ({
      url: '/api/alarms/acknowledge',
      body: {
        ids: [org ? (await createAlarm(fx.db, org.id, org.target.id)).alarmId : fx.missing],
        comment: 'Kuitattu matriisissa',
      },
    })),
  },
  'POST /api/alarms/notice': {
    access: TIETO_STAFF,
    ids: freshIds('alarm.ALARM_NOT_FOUND', async (fx, org) => ({
      url: '/api/alarms/notice',
      body: {
        id: org ? (await createAlarm(fx.db, org.id, org.target.id)).alarmId : fx.missing,
        key: crypto.randomUUID(),
        discussionTitle: 'Tiedote matriisissa',
        discussionDescription: 'Mittari mittasi koholla olevan arvon.',
        discussion: true,
        survey: true,
      },
    })),
  },
  'GET /api/device-follow-ups': {
    access: TIETO_STAFF,
    ids: freshIds('DEVICE_NOT_FOUND', async (fx, org) => ({
      url: `/api/device-follow-ups?id=${org ? await createDevice(fx.db, org.id, org.target.id) : fx.missing}`,
    })),
  },
};
