import type { ErrorCode, Role, Section } from '@vahti/domain';
import type { FixtureOrg, Fixtures, OrgKey } from '../helpers/fixtures.js';

/**
 * Who may call a route:
 *   public               anyone (sign-in, registration, reset, health, docs, the web app)
 *   signedIn             any signed-in user; what they see is scoped to their organization (and,
 *                        for a Käyttäjä, to their own targets where the route says so)
 *   { section, minRole } the application permission of the section and at least that role
 *   topAdmin             the role that crosses organizations (Pääylläpitäjä) only
 * The runner turns this into an expected allow or deny per caller with can() of @vahti/domain.
 */
export type Access = 'public' | 'signedIn' | 'topAdmin' | { section: Section; minRole: Role };

/** The admin area: Hallinta and a role above Käyttäjä (spec 000 §6). */
export const ADMIN_AREA = { section: 'hallinta', minRole: 'Pääkäyttäjä' } as const satisfies Access;

/** One of the runner's callers: a role of organization A or B. */
export interface MatrixCaller {
  role: Role;
  org: OrgKey;
}

export interface Req {
  /** Path and query, e.g. `/api/user?uuid=…` */
  url: string;
  body?: unknown;
  /** Headers of a body that is not JSON (a multipart upload's content type). */
  headers?: Record<string, string>;
}

/** Builds a request; called afresh before every call, so it may create what it needs. */
export type Build = (fx: Fixtures) => Req | Promise<Req>;

export interface Entry {
  access: Access;
  /** The request that is valid apart from access; default: the route's URL, no body. */
  request?: Build;
  /**
   * For a route that names a record (in the path, query or body): the request about a record of
   * the given organization (`of`), and about an id nobody has (`missing`). A caller gets `of`
   * its own organization (success) and of the other one (404 with `notFound`, except the top
   * administrator, who crosses organizations); `missing` is 404 to everyone.
   */
  ids?: {
    notFound: ErrorCode;
    /**
     * `caller` is who will send the request, for a record only its author may touch (their own
     * feedback's photo): the record is then the caller's, in `org`.
     */
    of: (fx: Fixtures, org: FixtureOrg, caller?: MatrixCaller) => Req | Promise<Req>;
    missing: Build;
    /**
     * The id is the organization a new record is put in (a body field the caller sets, ADR
     * 0007): to everyone but the top administrator a foreign or missing one answers 403
     * FORBIDDEN rather than 404; the top administrator still gets 404 for a missing one.
     */
    setsOrganization?: boolean;
  };
  /**
   * Only the 401 checks run, for the reason given: a call that cannot be repeated per role
   * (it would sign the caller out) and is covered by its own tests.
   */
  onlyAuthChecked?: string;
}

/** "METHOD /url" as Fastify registered it → its entry. */
export type Matrix = Record<string, Entry>;
