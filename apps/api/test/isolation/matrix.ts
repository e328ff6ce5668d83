import type { ErrorCode } from '@vahti/domain';
import type { Fixtures } from './fixtures.js';

/**
 * Who may call a route:
 *   public      anyone (sign-in, registration, reset, health, docs, the web app)
 *   signedIn    any signed-in user; what they see is scoped to their organization (and, for a
 *               Käyttäjä, to their own targets where the route says so)
 *   administer  the admin area: Hallinta permission and a role above Käyttäjä
 *   topAdmin    Pääylläpitäjä only
 */
export type Access = 'public' | 'signedIn' | 'administer' | 'topAdmin';

export interface Req {
  /** Path and query, e.g. `/api/user?uuid=…` */
  url: string;
  body?: unknown;
}

/** Builds a request; called afresh before every call, so it may create what it needs. */
export type Build = (fx: Fixtures) => Req | Promise<Req>;

export interface Entry {
  access: Access;
  /** The request that is valid apart from access; default: the route's URL, no body. */
  request?: Build;
  /**
   * For a route that names a record (in the path, query or body): the same request about a
   * record of organization A (own), of organization B (foreign) and about an id nobody has
   * (missing). Foreign and missing answer 404 with `notFound` to everyone but the top
   * administrator, who crosses organizations (foreign succeeds, missing is still 404).
   * Organization B's Ylläpitäjä gets the two the other way round.
   */
  ids?: {
    notFound: ErrorCode;
    own: Build;
    foreign: Build;
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
