import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@vahti/domain';
import { count } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.js';
import { createRegistrationCodesService } from '../modules/registration-codes/registration-codes.service.js';
import type { Db } from './client.js';
import {
  organizationApplications,
  organizations,
  targetContactUsers,
  targets,
  users,
  userTargets,
} from './schema/index.js';

/** Every demo user signs in with this password; printed at start-up, never used outside demo data. */
export const DEMO_PASSWORD = 'Vahti-demo-2026';

export interface DemoLogin {
  email: string;
  role: Role;
  permissions: number[];
  organization: string;
}

const DEMO_ORGANIZATION = {
  organizationBusinessId: '1234567-8',
  organizationContractNumber: 'SOP-2026-001',
  organizationName: 'Demo Kiinteistöt Oy',
  organizationAddress: 'Mannerheimintie 12 B',
  organizationZipCode: '00100',
  organizationPostalDistrict: 'Helsinki',
  organizationArea: 'Uusimaa',
  organizationInformation: 'Demo-organisaatio, jolla on kolme kohdetta.',
};

const OTHER_ORGANIZATION = {
  organizationBusinessId: '7654321-0',
  organizationContractNumber: 'SOP-2026-002',
  organizationName: 'Toinen Taloyhtiö Oy',
  organizationAddress: 'Hämeenkatu 5',
  organizationZipCode: '33100',
  organizationPostalDistrict: 'Tampere',
  organizationArea: 'Pirkanmaa',
  organizationInformation: 'Toinen demo-organisaatio eristystestejä varten.',
};

const DEMO_TARGETS = [
  {
    targetName: 'As Oy Kivikko',
    targetAddress: 'Kivikonkaari 3',
    targetZipCode: '00940',
    targetPostalDistrict: 'Helsinki',
    targetType: 'Kerrostalo',
    targetPropertyId: '091-040-0012-0003',
    targetJobNumber: 'TN-1001',
  },
  {
    targetName: 'Rivitalo Haukilahti',
    targetAddress: 'Haukilahdenkatu 8',
    targetZipCode: '02170',
    targetPostalDistrict: 'Espoo',
    targetType: 'Rivitalo',
    targetPropertyId: '049-012-0045-0008',
    targetJobNumber: 'TN-1002',
  },
  {
    targetName: 'Toimitalo Tikkurila',
    targetAddress: 'Ratatie 11',
    targetZipCode: '01300',
    targetPostalDistrict: 'Vantaa',
    targetType: 'Toimisto',
    targetPropertyId: '092-015-0101-0011',
    targetJobNumber: 'TN-1003',
  },
];

const OTHER_TARGET = {
  targetName: 'As Oy Hämeenpuisto',
  targetAddress: 'Hämeenpuisto 20',
  targetZipCode: '33210',
  targetPostalDistrict: 'Tampere',
  targetType: 'Kerrostalo',
  targetPropertyId: '837-002-0020-0001',
  targetJobNumber: 'TN-2001',
};

const DEMO_USERS: Array<
  DemoLogin & { firstName: string; lastName: string; jobTitle: string; targets: number[] }
> = [
  {
    email: 'paayllapitaja@demo.vahti.fi',
    role: 'Pääylläpitäjä',
    permissions: [1, 2, 3, 4],
    organization: 'Demo Kiinteistöt Oy',
    firstName: 'Paula',
    lastName: 'Pääkkönen',
    jobTitle: 'Palvelupäällikkö',
    targets: [0, 1, 2],
  },
  {
    email: 'yllapitaja@demo.vahti.fi',
    role: 'Ylläpitäjä',
    permissions: [1, 2, 3, 4],
    organization: 'Demo Kiinteistöt Oy',
    firstName: 'Ylermi',
    lastName: 'Ylänne',
    jobTitle: 'Isännöitsijä',
    targets: [0, 1, 2],
  },
  {
    email: 'paakayttaja@demo.vahti.fi',
    role: 'Pääkäyttäjä',
    // Hallinta too: a Pääkäyttäjä manages users and targets of the own organization (spec 000 §6).
    permissions: [1, 2, 3, 4],
    organization: 'Demo Kiinteistöt Oy',
    firstName: 'Päivi',
    lastName: 'Käkelä',
    jobTitle: 'Huoltopäällikkö',
    targets: [0, 1],
  },
  {
    email: 'kayttaja@demo.vahti.fi',
    role: 'Käyttäjä',
    permissions: [1, 2],
    organization: 'Demo Kiinteistöt Oy',
    firstName: 'Kalle',
    lastName: 'Kallio',
    jobTitle: 'Huoltomies',
    targets: [0],
  },
  {
    email: 'tieto@demo.vahti.fi',
    role: 'Käyttäjä',
    permissions: [1],
    organization: 'Demo Kiinteistöt Oy',
    firstName: 'Tiina',
    lastName: 'Tiainen',
    jobTitle: 'Asukas',
    targets: [0],
  },
  {
    email: 'yllapitaja@toinen.vahti.fi',
    role: 'Ylläpitäjä',
    permissions: [1, 2, 3, 4],
    organization: 'Toinen Taloyhtiö Oy',
    firstName: 'Tuomas',
    lastName: 'Toivonen',
    jobTitle: 'Isännöitsijä',
    targets: [0],
  },
];

export const DEMO_LOGINS: DemoLogin[] = DEMO_USERS.map(
  ({ email, role, permissions, organization }) => ({
    email,
    role,
    permissions,
    organization,
  }),
);

/** The demo registration code's plaintext is kept here, since the database holds only its hash. */
export const DEMO_CODE_FILE = 'demo-registration-code.txt';

export interface SeedOptions {
  /** Where to write the demo registration code; without it the code is not kept anywhere. */
  dataDir?: string;
}

/** The demo registration code written by an earlier seed, if there is one. */
export function readDemoRegistrationCode(dataDir: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, DEMO_CODE_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads the demo organizations, targets, users and a registration code into an empty database,
 * in one transaction. Returns false (and writes nothing) when any organization already exists.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(organizations);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const registrationCode = await db.transaction(async (tx) => {
    const [demo, other] = await tx
      .insert(organizations)
      .values([DEMO_ORGANIZATION, OTHER_ORGANIZATION])
      .returning({ id: organizations.organizationId });
    if (!demo || !other) throw new Error('seed: organizations not created');
    await tx.insert(organizationApplications).values([
      { organizationId: demo.id, applicationId: 1 },
      { organizationId: demo.id, applicationId: 2 },
      { organizationId: demo.id, applicationId: 3 },
      { organizationId: other.id, applicationId: 2 },
    ]);

    const demoTargets = await tx
      .insert(targets)
      .values(DEMO_TARGETS.map((t) => ({ ...t, targetOrganizationId: demo.id })))
      .returning({ id: targets.targetId });
    const otherTargets = await tx
      .insert(targets)
      .values([{ ...OTHER_TARGET, targetOrganizationId: other.id }])
      .returning({ id: targets.targetId });

    for (const user of DEMO_USERS) {
      const inDemo = user.organization === DEMO_ORGANIZATION.organizationName;
      const [row] = await tx
        .insert(users)
        .values({
          userEmail: user.email,
          passwordHash,
          userFirstName: user.firstName,
          userLastName: user.lastName,
          userJobTitle: user.jobTitle,
          userPhoneNumber: '+358 40 123 4567',
          userRoles: user.role,
          userPermissions: user.permissions,
          userOrganization: inDemo ? demo.id : other.id,
        })
        .returning({ id: users.userId });
      const own = inDemo ? demoTargets : otherTargets;
      const linked = user.targets.map((i) => own[i]?.id).filter((id): id is string => Boolean(id));
      if (row && linked.length > 0) {
        await tx
          .insert(userTargets)
          .values(linked.map((targetId) => ({ userId: row.id, targetId })));
      }
      if (row && (user.role === 'Ylläpitäjä' || user.role === 'Pääkäyttäjä')) {
        await tx
          .insert(targetContactUsers)
          .values(linked.map((targetId) => ({ targetId, userId: row.id })));
      }
    }

    // A code for trying self-registration: Demo Kiinteistöt Oy's first two targets, Tieto and
    // Vainu, no expiry.
    const { code } = await createRegistrationCodesService({ db: tx }).createCode({
      organizationId: demo.id,
      targetIds: demoTargets.slice(0, 2).map((target) => target.id),
      permissions: [1, 2],
    });
    return code;
  });
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(path.join(options.dataDir, DEMO_CODE_FILE), `${registrationCode}\n`, {
      mode: 0o600,
    });
  }
  return true;
}
