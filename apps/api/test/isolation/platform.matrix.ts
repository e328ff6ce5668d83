import type { Matrix } from './matrix.js';

/** Sign-in, own account, health, metrics, docs, mail outbox, audit log and the web app. */
export const platformMatrix: Matrix = {
  'GET /api/health': { access: 'public' },
  'GET /api/health/live': { access: 'public' },
  'GET /api/health/ready': { access: 'public' },
  // Prometheus text, no tenant data: open from loopback, else METRICS_TOKEN (metrics.test.ts).
  'GET /metrics': { access: 'public' },
  'POST /': { access: 'public' },
  'POST /api/login': { access: 'public' },
  'POST /api/register-user': { access: 'public' },
  'POST /api/forgot-user-password': { access: 'public' },
  'POST /api/change-user-forgot-password': { access: 'public' },
  'GET /api/auth': { access: 'signedIn' },
  'POST /api/logout': {
    access: 'signedIn',
    onlyAuthChecked: 'it revokes every token of the caller; hardening.test.ts covers it',
  },
  'PATCH /api/change-password': {
    access: 'signedIn',
    onlyAuthChecked: "it revokes the caller's other tokens; account.test.ts covers it",
  },
  'PATCH /api/users-own': {
    access: 'signedIn',
    request: () => ({
      url: '/api/users-own',
      body: { userFirstName: 'Testi', userLastName: 'Henkilö' },
    }),
  },
  'GET /api/admin/outbox': { access: 'topAdmin' },
  'GET /api/audit-log': { access: 'topAdmin' },
  // OpenAPI and its UI, and the static web app: public by design, no data.
  'GET /api/openapi.json': { access: 'public' },
  'GET /api/docs': { access: 'public' },
  'GET /api/docs/json': { access: 'public' },
  'GET /api/docs/yaml': { access: 'public' },
  'GET /api/docs/static/*': { access: 'public' },
  'GET /api/docs/static/index.html': { access: 'public' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public' },
  'GET /*': { access: 'public' },
};
