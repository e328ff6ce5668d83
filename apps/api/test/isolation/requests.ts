import type { ErrorCode } from '@vahti/domain';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import type { Entry, Req } from './matrix.js';

type Ids = NonNullable<Entry['ids']>;

/** An id in the query or path: the organization's target, or a missing one. */
const idsOf =
  (notFound: ErrorCode, idOf: (org: FixtureOrg) => string) =>
  (url: (id: string) => string): Ids => ({
    notFound,
    of: (_fx, org) => ({ url: url(idOf(org)) }),
    missing: (fx) => ({ url: url(fx.missing) }),
  });

/** A target id in the query or path: the organization's target is linked to its sign-ins. */
export const targetIds = idsOf('TARGET_NOT_FOUND', (org) => org.target.id);

/** An organization id in the query. */
export const organizationIds = idsOf('ORGANIZATION_NOT_FOUND', (org) => org.id);

/** A user id in the query: the organization's Käyttäjä. */
export const userIds = (url: (id: string) => string): Ids => ({
  notFound: 'USER_NOT_FOUND',
  of: async (fx, org) => ({ url: url((await fx.user(org.key, 'Käyttäjä')).id) }),
  missing: (fx) => ({ url: url(fx.missing) }),
});

/** The same request about a fresh record of the organization, or about a missing id. */
export const freshIds = (
  notFound: ErrorCode,
  build: (fx: Fixtures, org: FixtureOrg | null) => Req | Promise<Req>,
): Ids => ({
  notFound,
  of: (fx, org) => build(fx, org),
  missing: (fx) => build(fx, null),
});
