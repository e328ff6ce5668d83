import { DEFAULT_NOTIFICATION_SETTINGS } from '@vahti/domain';
import type { Access, Matrix } from './matrix.js';
import { freshIds, organizationIds } from './requests.js';

/** My notifications: the Vainu permission, any role. */
const VAINU = { section: 'vainu', minRole: 'Käyttäjä' } as const satisfies Access;
/** An organization's defaults and escalation: Hallinta and Ylläpitäjä or above. */
const NOTIFICATION_MANAGERS = {
  section: 'hallinta',
  minRole: 'Ylläpitäjä',
} as const satisfies Access;

const url = (id: string) => `/api/organizations/${id}/notifications`;

/** Notification settings (issue 28); the unsubscribe link is public, its token names the user. */
export const notificationsMatrix: Matrix = {
  'GET /api/notification-settings': { access: VAINU },
  'PUT /api/notification-settings': {
    access: VAINU,
    ids: freshIds('TARGET_NOT_FOUND', (fx, org) => ({
      url: '/api/notification-settings',
      body: {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        push: {
          ...DEFAULT_NOTIFICATION_SETTINGS.push,
          allTargets: false,
          targetIds: [org ? org.target.id : fx.missing],
        },
      },
    })),
  },
  'DELETE /api/notification-settings': { access: VAINU },
  'GET /api/organizations/:organizationId/notifications': {
    access: NOTIFICATION_MANAGERS,
    ids: organizationIds(url),
  },
  'PUT /api/organizations/:organizationId/notifications': {
    access: NOTIFICATION_MANAGERS,
    ids: freshIds('ORGANIZATION_NOT_FOUND', (fx, org) => ({
      url: url(org ? org.id : fx.missing),
      body: { ...DEFAULT_NOTIFICATION_SETTINGS, escalation: [] },
    })),
  },
  'GET /api/unsubscribe': { access: 'public' },
  'POST /api/unsubscribe': { access: 'public' },
};
