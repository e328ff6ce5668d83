import type { Matrix } from './matrix.js';
import { freshChirpStackProfile } from './runner.js';

/**
 * The external device-network service (spec 001 §2 Vainu 9). Organization-independent: the
 * network server is the deployment's setting, the same list for every organization, so no id
 * of an organization is involved. Here it is a stand-in ChirpStack (runner.ts). A type made
 * from a profile is made in the caller's own organization.
 */
export const deviceNetworkMatrix: Matrix = {
  'GET /api/device-network/device-profiles': {
    access: { section: 'vainu', minRole: 'Pääkäyttäjä' },
  },
  'POST /api/device-types/from-profile': {
    access: { section: 'vainu', minRole: 'Pääkäyttäjä' },
    request: () => ({
      url: '/api/device-types/from-profile',
      body: { deviceProfileId: freshChirpStackProfile() },
    }),
  },
};
