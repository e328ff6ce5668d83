import { randomBytes } from 'node:crypto';
import { deviceTypeOf, freshEui } from '../helpers/device-fixtures.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import { multipartBody } from '../helpers/multipart.js';
import type { Access, Matrix, Req } from './matrix.js';

/** manageDevices: the Vainu permission and a role above Käyttäjä, as POST /api/device. */
const MANAGE = { section: 'vainu', minRole: 'Pääkäyttäjä' } as const satisfies Access;

/** A one-device CSV of `org`'s type and target, sent naming `organizationId`. */
async function importRequest(
  fx: Fixtures,
  url: string,
  org: FixtureOrg,
  organizationId: string,
): Promise<Req> {
  const type = await deviceTypeOf(fx.db, org.id);
  const tag = randomBytes(4).toString('hex');
  const csv = [
    'DevEUI;Nimi;QR-koodi;Mittarityyppi;Kohde;Sijainti;Sarjanumero;Käyttöönottopäivä',
    `${freshEui()};Matriisi ${tag};QR-M-${tag};${type.id};${org.target.id};1. krs;SN-${tag};2026-05-01`,
  ].join('\n');
  const body = await multipartBody(
    { organizationId },
    { name: 'mittarit.csv', type: 'text/csv', content: Buffer.from(csv) },
  );
  return { url, body: body.payload, headers: body.headers };
}

/** The organization is a field the caller sets: another or a missing one is 403 (ADR 0007). */
const importIds = (url: string) => ({
  notFound: 'ORGANIZATION_NOT_FOUND' as const,
  setsOrganization: true,
  of: (fx: Fixtures, org: FixtureOrg) => importRequest(fx, url, org, org.id),
  missing: (fx: Fixtures) => importRequest(fx, url, fx.orgA, fx.missing),
});

/** The bulk import of devices from a file (issue 25). */
export const deviceImportMatrix: Matrix = {
  'POST /api/devices/import/preview': {
    access: MANAGE,
    ids: importIds('/api/devices/import/preview'),
  },
  'POST /api/devices/import': { access: MANAGE, ids: importIds('/api/devices/import') },
};
