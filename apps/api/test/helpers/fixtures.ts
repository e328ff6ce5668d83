import { randomUUID } from 'node:crypto';
import type { Role } from '@vahti/domain';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { organizations, targets, users, userTargets } from '../../src/db/schema/index.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../src/db/seed.js';
import { registrationCodeService } from './services.js';

/**
 * The two organizations every API test works with. Tests name them `fx.orgA` / `fx.orgB` and
 * read names, e-mail domains and ids from here, never from the demo seed's texts, so the seed
 * can change its names without touching a test.
 *
 * They are found by structure: A is the organization of the demo sign-in with the top role, B
 * the other organization that has demo sign-ins. A user of each role comes from the printed demo
 * sign-ins of the organization (the first of that role); a role the organization has no sign-in
 * for is created on first use (`fx.user(org, role)`), linked to the organization's `target`.
 */
export type OrgKey = 'A' | 'B';

export interface FixtureUser {
  id: string;
  email: string;
  role: Role;
  permissions: number[];
  organizationId: string;
  password: string;
}

export interface FixtureOrg {
  key: OrgKey;
  id: string;
  name: string;
  /** The part after @ of the organization's demo sign-ins, for new addresses "of" it. */
  emailDomain: string;
  /** The organization's target with the most user links (linked to every sign-in of A). */
  target: { id: string; name: string };
}

export interface Fixtures {
  db: Db;
  orgA: FixtureOrg;
  orgB: FixtureOrg;
  org(key: OrgKey): FixtureOrg;
  /** The organization's user of the role, created on first use when the seed has none. */
  user(org: OrgKey, role: Role): Promise<FixtureUser>;
  /**
   * A sign-in the organization has from the start, by role (and permissions, to tell two of one
   * role apart); throws when there is none.
   */
  seeded(org: OrgKey, role: Role, permissions?: number[]): FixtureUser;
  /** A well-formed id that no record has. */
  missing: string;
  create: {
    /** A user of the organization (Käyttäjä unless told), e-mail under the org's domain. */
    user(organizationId: string, role?: Role): Promise<string>;
    /** The same, as a sign-in: it signs in with the demo password. */
    account(
      organizationId: string,
      role?: Role,
    ): Promise<{ id: string; email: string; password: string }>;
    target(organizationId: string): Promise<string>;
    /** A user-target link; returns the link's id. */
    link(userId: string, targetId: string): Promise<string>;
    /** A registration code of the organization for its target(s). */
    code(organizationId: string, targetIds: string[]): Promise<{ id: string; code: string }>;
  };
}

let serial = 0;
/** A value no other fixture record has, for unique names and e-mails. */
export const unique = () => {
  serial += 1;
  return `${Date.now().toString(36)}${serial}`;
};

const firstOf = <T>(rows: T[], what: string): T => {
  const [row] = rows;
  if (!row) throw new Error(`fixtures: ${what} not found`);
  return row;
};

export async function loadFixtures(db: Db): Promise<Fixtures> {
  const top = firstOf(
    DEMO_LOGINS.filter((login) => login.role === 'Pääylläpitäjä'),
    'a demo sign-in with the top role',
  );
  const other = firstOf(
    DEMO_LOGINS.filter((login) => login.organization !== top.organization),
    'a demo sign-in of a second organization',
  );
  const logins = { A: top.organization, B: other.organization } as const;

  const known = new Map<string, FixtureUser>();
  const seeded: (FixtureUser & { key: OrgKey })[] = [];
  for (const login of DEMO_LOGINS) {
    const key = (Object.keys(logins) as OrgKey[]).find((k) => logins[k] === login.organization);
    if (!key) continue;
    const row = firstOf(
      await db
        .select({ id: users.userId, organizationId: users.organizationId })
        .from(users)
        .where(eq(users.userEmail, login.email)),
      `demo user ${login.email}`,
    );
    const user = {
      ...row,
      email: login.email,
      role: login.role,
      permissions: login.permissions,
      password: DEMO_PASSWORD,
    };
    seeded.push({ ...user, key });
    if (!known.has(`${key} ${login.role}`)) known.set(`${key} ${login.role}`, user);
  }

  const orgOf = async (key: OrgKey): Promise<FixtureOrg> => {
    const someone = [...known.entries()].find(([k]) => k.startsWith(key))?.[1];
    if (!someone) throw new Error(`fixtures: no sign-in of organization ${key}`);
    const org = firstOf(
      await db
        .select({ name: organizations.organizationName })
        .from(organizations)
        .where(eq(organizations.organizationId, someone.organizationId)),
      `organization ${key}`,
    );
    const target = firstOf(
      await db
        .select({ id: targets.targetId, name: targets.targetName, links: count(userTargets.id) })
        .from(targets)
        .leftJoin(userTargets, eq(userTargets.targetId, targets.targetId))
        .where(eq(targets.organizationId, someone.organizationId))
        .groupBy(targets.targetId, targets.targetName)
        .orderBy(desc(count(userTargets.id)), asc(targets.targetName))
        .limit(1),
      `a target of organization ${key}`,
    );
    return {
      key,
      id: someone.organizationId,
      name: org.name,
      emailDomain: someone.email.split('@')[1] ?? '',
      target: { id: target.id, name: target.name },
    };
  };
  const orgA = await orgOf('A');
  const orgB = await orgOf('B');
  const org = (key: OrgKey) => (key === 'A' ? orgA : orgB);
  const codes = registrationCodeService(db);

  async function insertUser(organizationId: string, role: Role, permissions: number[]) {
    const fixtureOrg = organizationId === orgB.id ? orgB : orgA;
    const email = `${role === 'Käyttäjä' ? 'kayttaja' : 'hallinta'}-${unique()}@${fixtureOrg.emailDomain}`;
    // The hash of a demo sign-in: the new user signs in with the demo password, without paying
    // for another argon2 hash.
    const [{ passwordHash } = { passwordHash: 'not-a-hash' }] = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.organizationId, organizationId))
      .limit(1);
    const row = firstOf(
      await db
        .insert(users)
        .values({
          organizationId,
          userEmail: email,
          passwordHash,
          userFirstName: 'Testi',
          userLastName: `Käyttäjä ${unique()}`,
          userPhoneNumber: '040 123 4567',
          userJobTitle: 'Testaaja',
          userRoles: role,
          userPermissions: permissions,
        })
        .returning({ id: users.userId }),
      'a stored fixture user',
    );
    return { id: row.id, email };
  }

  const fx: Fixtures = {
    db,
    orgA,
    orgB,
    org,
    async user(key, role) {
      const found = known.get(`${key} ${role}`);
      if (found) return found;
      const permissions = role === 'Käyttäjä' ? [1, 2] : [1, 2, 3, 4];
      const { id, email } = await insertUser(org(key).id, role, permissions);
      await fx.create.link(id, org(key).target.id);
      const user: FixtureUser = {
        id,
        email,
        role,
        permissions,
        organizationId: org(key).id,
        password: DEMO_PASSWORD,
      };
      known.set(`${key} ${role}`, user);
      return user;
    },
    seeded(key, role, permissions) {
      const found = seeded.find(
        (user) =>
          user.key === key &&
          user.role === role &&
          (!permissions || user.permissions.join() === permissions.join()),
      );
      if (!found) throw new Error(`fixtures: organization ${key} has no ${role} from the start`);
      return found;
    },
    missing: randomUUID(),
    create: {
      async user(organizationId, role = 'Käyttäjä') {
        return (await insertUser(organizationId, role, [1])).id;
      },
      async account(organizationId, role = 'Käyttäjä') {
        return { ...(await insertUser(organizationId, role, [1])), password: DEMO_PASSWORD };
      },
      async target(organizationId) {
        const row = firstOf(
          await db
            .insert(targets)
            .values({
              organizationId,
              targetName: `Testikohde ${unique()}`,
              targetAddress: 'Testikatu 1',
              targetZipCode: '00100',
              targetPostalDistrict: 'Helsinki',
              targetType: 'Kerrostalo',
              targetPropertyId: '091-001-0001-0001',
              targetJobNumber: 'TN-9999',
            })
            .returning({ id: targets.targetId }),
          'a stored fixture target',
        );
        return row.id;
      },
      async link(userId, targetId) {
        const row = firstOf(
          await db
            .insert(userTargets)
            .values({ userId, targetId })
            .returning({ id: userTargets.id }),
          'a stored fixture link',
        );
        return row.id;
      },
      code: (organizationId, targetIds) => codes.createCode({ organizationId, targetIds }),
    },
  };
  return fx;
}

/** The address in another letter case (upper-case name, capitalised domain), for case checks. */
export function otherCase(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.toUpperCase()}@${domain.charAt(0).toUpperCase()}${domain.slice(1)}`;
}
