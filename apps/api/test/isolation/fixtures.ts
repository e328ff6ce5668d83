import { randomUUID } from 'node:crypto';
import type { Role } from '@vahti/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { targets, users, userTargets } from '../../src/db/schema/index.js';
import { registrationCodeService } from '../helpers/services.js';

/** The demo sign-ins of organization A by role, and organization B's Ylläpitäjä. */
export const ORG_A_USERS = {
  Käyttäjä: 'kayttaja@demo.vahti.fi',
  Pääkäyttäjä: 'paakayttaja@demo.vahti.fi',
  Ylläpitäjä: 'yllapitaja@demo.vahti.fi',
  Pääylläpitäjä: 'paayllapitaja@demo.vahti.fi',
} as const satisfies Record<Role, string>;
export const ORG_B_ADMIN = 'yllapitaja@toinen.vahti.fi';

/** Texts that identify organization A or B; a response to the other must contain none. */
export const ORG_A_MARKERS = ['Demo Kiinteistöt', '@demo.vahti.fi'];
export const ORG_B_MARKERS = ['Toinen Taloyhtiö', '@toinen.vahti.fi'];

/** Records of both demo organizations, and makers of fresh ones, for building requests. */
export interface Fixtures {
  db: Db;
  orgA: string;
  orgB: string;
  /** Uuids of organization A's demo users by role, and of B's Ylläpitäjä. */
  userA: Record<Role, string>;
  adminB: string;
  /** A target of A linked to every demo user of A (As Oy Kivikko), and a target of B. */
  targetA: string;
  targetB: string;
  /** A well-formed id that no record has. */
  missing: string;
  create: {
    /** A user of the organization (Käyttäjä unless told), e-mail under the org's demo domain. */
    user(organizationId: string, role?: Role): Promise<string>;
    target(organizationId: string): Promise<string>;
    /** A user-target link; returns the link's id. */
    link(userId: string, targetId: string): Promise<string>;
    /** A registration code of the organization for its target(s). */
    code(organizationId: string, targetIds: string[]): Promise<{ id: string; code: string }>;
  };
}

let serial = 0;
const next = () => {
  serial += 1;
  return `${Date.now().toString(36)}${serial}`;
};

export async function loadFixtures(db: Db): Promise<Fixtures> {
  const byEmail = async (email: string) => {
    const [row] = await db
      .select({ id: users.userId, org: users.organizationId })
      .from(users)
      .where(eq(users.userEmail, email));
    if (!row) throw new Error(`fixture user ${email} missing from the demo data`);
    return row;
  };
  const byTargetName = async (name: string) => {
    const [row] = await db
      .select({ id: targets.targetId })
      .from(targets)
      .where(eq(targets.targetName, name));
    if (!row) throw new Error(`fixture target ${name} missing from the demo data`);
    return row.id;
  };
  const userA = {} as Record<Role, string>;
  for (const [role, email] of Object.entries(ORG_A_USERS) as [Role, string][]) {
    userA[role] = (await byEmail(email)).id;
  }
  const adminB = await byEmail(ORG_B_ADMIN);
  const orgA = (await byEmail(ORG_A_USERS.Ylläpitäjä)).org;
  const orgB = adminB.org;
  const domainOf = (organizationId: string) =>
    organizationId === orgB ? 'toinen.vahti.fi' : 'demo.vahti.fi';
  const codes = registrationCodeService(db);

  return {
    db,
    orgA,
    orgB,
    userA,
    adminB: adminB.id,
    targetA: await byTargetName('As Oy Kivikko'),
    targetB: await byTargetName('As Oy Hämeenpuisto'),
    missing: randomUUID(),
    create: {
      async user(organizationId, role = 'Käyttäjä') {
        const [row] = await db
          .insert(users)
          .values({
            organizationId,
            userEmail: `matriisi-${next()}@${domainOf(organizationId)}`,
            passwordHash: 'not-a-hash',
            userFirstName: 'Matriisi',
            userLastName: 'Testi',
            userPhoneNumber: '040 123 4567',
            userJobTitle: 'Testaaja',
            userRoles: role,
            userPermissions: [1],
          })
          .returning({ id: users.userId });
        if (!row) throw new Error('fixture user not stored');
        return row.id;
      },
      async target(organizationId) {
        const [row] = await db
          .insert(targets)
          .values({
            organizationId,
            targetName: `Matriisikohde ${next()}`,
            targetAddress: 'Testikatu 1',
            targetZipCode: '00100',
            targetPostalDistrict: 'Helsinki',
            targetType: 'Kerrostalo',
            targetPropertyId: '091-001-0001-0001',
            targetJobNumber: 'TN-9999',
          })
          .returning({ id: targets.targetId });
        if (!row) throw new Error('fixture target not stored');
        return row.id;
      },
      async link(userId, targetId) {
        const [row] = await db
          .insert(userTargets)
          .values({ userId, targetId })
          .returning({ id: userTargets.id });
        if (!row) throw new Error('fixture link not stored');
        return row.id;
      },
      code: (organizationId, targetIds) => codes.createCode({ organizationId, targetIds }),
    },
  };
}
