import type { Access, Matrix } from './matrix.js';
import { organizationIds } from './requests.js';

/** The Vainu device dashboard: the Vainu permission, any role (a Käyttäjä: linked targets). */
const VAINU = { section: 'vainu', minRole: 'Käyttäjä' } as const satisfies Access;

export const vainuDashboardMatrix: Matrix = {
  'GET /api/vainu/dashboard': {
    access: VAINU,
    ids: organizationIds((id) => `/api/vainu/dashboard?organizationId=${id}`),
  },
};
