import type { Matrix } from './matrix.js';

/**
 * The external device-network service (spec 001 §2 Vainu 9). Organization-independent: the
 * network server is the deployment's setting, the same list for every organization, so no id
 * of an organization is involved. Unconfigured here, it answers 200 with status notConfigured.
 */
export const deviceNetworkMatrix: Matrix = {
  'GET /api/device-network/device-profiles': {
    access: { section: 'vainu', minRole: 'Pääkäyttäjä' },
  },
};
