import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTargetBody, type Role, type State } from '@vahti/domain';
import { count, sql } from 'drizzle-orm';
import { z } from 'zod';
import { packageFile } from '../lib/package-files.js';
import { hashPassword } from '../lib/passwords.js';
import { systemScope } from '../lib/scope.js';
import type { FileStorage } from '../lib/storage/storage.js';
import { createRegistrationCodesRepository } from '../modules/registration-codes/registration-codes.repository.js';
import { createRegistrationCodesService } from '../modules/registration-codes/registration-codes.service.js';
import { createTargetsRepository } from '../modules/targets/targets.repository.js';
import type { Db } from './client.js';
import { seedDemoAlarms } from './demo/alarms.js';
import { seedDemoDevices } from './demo/devices.js';
import { seedDemoDiscussions } from './demo/discussions.js';
import { seedDemoIngestKeys } from './demo/ingest.js';
import { seedMaterialbank } from './demo/materialbank.js';
import { seedTietoSurveys } from './demo/tieto-surveys.js';
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
  organizationInformation: 'Demo-organisaatio, jolla on viisi kohdetta.',
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

/**
 * A demo target: the fields of POST /api/target and the e-mails of its contact users (users of
 * the organization). The data is in demo/targets.json, checked against the request schema.
 */
const demoTarget = createTargetBody
  .omit({ targetOrganizationId: true, targetContactUser: true })
  .partial({ targetState: true })
  .extend({ contacts: z.array(z.string()) });

const demoTargets = z
  .object({ demo: z.array(demoTarget), other: z.array(demoTarget) })
  .parse(JSON.parse(readFileSync(packageFile('src/db/demo/targets.json'), 'utf8')));
// The first three of the demo organization sort before the others: tests take "the first two
// targets by name".
const DEMO_TARGETS = demoTargets.demo;
const OTHER_TARGETS = demoTargets.other;

interface DemoUser extends DemoLogin {
  firstName: string;
  lastName: string;
  jobTitle: string;
  phoneNumber?: string;
  state?: State;
  /** Names of the organization's targets the user is linked to. */
  targets: string[];
}

const DEMO = DEMO_ORGANIZATION.organizationName;
const OTHER = OTHER_ORGANIZATION.organizationName;

/** The demo sign-ins, printed at start-up. */
const DEMO_USERS: DemoUser[] = [
  {
    email: 'paayllapitaja@demo.vahti.fi',
    role: 'Pääylläpitäjä',
    permissions: [1, 2, 3, 4],
    organization: DEMO,
    firstName: 'Paula',
    lastName: 'Pääkkönen',
    jobTitle: 'Palvelupäällikkö',
    targets: ['As Oy Kivikko', 'Rivitalo Haukilahti', 'Toimitalo Tikkurila'],
  },
  {
    email: 'yllapitaja@demo.vahti.fi',
    role: 'Ylläpitäjä',
    permissions: [1, 2, 3, 4],
    organization: DEMO,
    firstName: 'Ylermi',
    lastName: 'Ylänne',
    jobTitle: 'Isännöitsijä',
    targets: ['As Oy Kivikko', 'Rivitalo Haukilahti', 'Toimitalo Tikkurila'],
  },
  {
    email: 'paakayttaja@demo.vahti.fi',
    role: 'Pääkäyttäjä',
    // Hallinta too: a Pääkäyttäjä manages users and targets of the own organization (spec 000 §6).
    permissions: [1, 2, 3, 4],
    organization: DEMO,
    firstName: 'Päivi',
    lastName: 'Käkelä',
    jobTitle: 'Huoltopäällikkö',
    targets: ['As Oy Kivikko', 'Rivitalo Haukilahti'],
  },
  {
    email: 'kayttaja@demo.vahti.fi',
    role: 'Käyttäjä',
    permissions: [1, 2],
    organization: DEMO,
    firstName: 'Kalle',
    lastName: 'Kallio',
    jobTitle: 'Huoltomies',
    targets: ['As Oy Kivikko'],
  },
  {
    email: 'tieto@demo.vahti.fi',
    role: 'Käyttäjä',
    permissions: [1],
    organization: DEMO,
    firstName: 'Tiina',
    lastName: 'Tiainen',
    jobTitle: 'Asukas',
    targets: ['As Oy Kivikko'],
  },
  {
    email: 'yllapitaja@toinen.vahti.fi',
    role: 'Ylläpitäjä',
    permissions: [1, 2, 3, 4],
    organization: OTHER,
    firstName: 'Tuomas',
    lastName: 'Toivonen',
    jobTitle: 'Isännöitsijä',
    targets: ['As Oy Hämeenpuisto'],
  },
];

/** A resident of the organization: Käyttäjä with Tieto only, unless told otherwise. */
const resident = (
  organization: string,
  email: string,
  firstName: string,
  lastName: string,
  targets: string[],
  more: Partial<DemoUser> = {},
): DemoUser => ({
  email,
  role: 'Käyttäjä',
  permissions: [1],
  organization,
  firstName,
  lastName,
  jobTitle: 'Asukas',
  targets,
  ...more,
});

/**
 * More users, so that the admin lists and the dashboard's charts show something real. They sign
 * in with the demo password too but are not printed.
 */
const MORE_DEMO_USERS: DemoUser[] = [
  {
    email: 'hanna.heikkinen@demo.vahti.fi',
    role: 'Pääkäyttäjä',
    permissions: [1, 2, 3, 4],
    organization: DEMO,
    firstName: 'Hanna',
    lastName: 'Heikkinen',
    jobTitle: 'Kiinteistöpäällikkö',
    phoneNumber: '+358 40 234 5678',
    targets: ['Toimitalo Tikkurila'],
  },
  {
    email: 'pekka.peltonen@demo.vahti.fi',
    role: 'Pääkäyttäjä',
    permissions: [1, 2, 3],
    organization: DEMO,
    firstName: 'Pekka',
    lastName: 'Peltonen',
    jobTitle: 'Huoltoteknikko',
    phoneNumber: '+358 40 345 6789',
    targets: ['Tornitalo Tapiola', 'Vuokratalo Vallila'],
  },
  resident(DEMO, 'aino.aaltonen@demo.vahti.fi', 'Aino', 'Aaltonen', ['As Oy Kivikko'], {
    phoneNumber: '+358 50 111 2201',
  }),
  resident(DEMO, 'matti.virtanen@demo.vahti.fi', 'Matti', 'Virtanen', ['As Oy Kivikko'], {
    phoneNumber: '+358 50 111 2202',
  }),
  resident(DEMO, 'liisa.korhonen@demo.vahti.fi', 'Liisa', 'Korhonen', ['Rivitalo Haukilahti'], {
    phoneNumber: '+358 50 111 2203',
  }),
  resident(DEMO, 'jari.nieminen@demo.vahti.fi', 'Jari', 'Nieminen', ['Rivitalo Haukilahti'], {
    permissions: [1, 2],
    phoneNumber: '+358 50 111 2204',
  }),
  resident(DEMO, 'minna.jarvinen@demo.vahti.fi', 'Minna', 'Järvinen', ['Toimitalo Tikkurila'], {
    permissions: [1, 2],
    jobTitle: 'Toimistopäällikkö',
    phoneNumber: '+358 50 111 2205',
  }),
  resident(DEMO, 'sanna.makinen@demo.vahti.fi', 'Sanna', 'Mäkinen', ['Tornitalo Tapiola'], {
    phoneNumber: '+358 50 111 2206',
  }),
  resident(DEMO, 'timo.hamalainen@demo.vahti.fi', 'Timo', 'Hämäläinen', ['Tornitalo Tapiola'], {
    phoneNumber: '+358 50 111 2207',
  }),
  resident(DEMO, 'eeva.laine@demo.vahti.fi', 'Eeva', 'Laine', ['Vuokratalo Vallila'], {
    phoneNumber: '+358 50 111 2208',
  }),
  resident(DEMO, 'juha.koskinen@demo.vahti.fi', 'Juha', 'Koskinen', ['Vuokratalo Vallila'], {
    phoneNumber: '+358 50 111 2209',
  }),
  // Moved away: kept for the history, but signed off.
  resident(DEMO, 'olli.lehtonen@demo.vahti.fi', 'Olli', 'Lehtonen', ['As Oy Kivikko'], {
    state: 'Passiivinen',
    phoneNumber: '+358 50 111 2210',
  }),
  {
    email: 'riikka.rantanen@toinen.vahti.fi',
    role: 'Pääkäyttäjä',
    permissions: [1, 2, 4],
    organization: OTHER,
    firstName: 'Riikka',
    lastName: 'Rantanen',
    jobTitle: 'Huoltopäällikkö',
    phoneNumber: '+358 44 222 3301',
    targets: ['As Oy Hämeenpuisto', 'Rivitalo Hervanta'],
  },
  resident(OTHER, 'antti.salminen@toinen.vahti.fi', 'Antti', 'Salminen', ['As Oy Hämeenpuisto'], {
    phoneNumber: '+358 44 222 3302',
  }),
  resident(OTHER, 'katja.heinonen@toinen.vahti.fi', 'Katja', 'Heinonen', ['Rivitalo Hervanta'], {
    phoneNumber: '+358 44 222 3303',
  }),
  resident(OTHER, 'mikko.lindholm@toinen.vahti.fi', 'Mikko', 'Lindholm', ['Toimitalo Ratina'], {
    permissions: [1, 2],
    jobTitle: 'Toimitilavastaava',
    phoneNumber: '+358 44 222 3304',
  }),
  resident(OTHER, 'sari.koivisto@toinen.vahti.fi', 'Sari', 'Koivisto', ['Rivitalo Hervanta'], {
    state: 'Passiivinen',
    phoneNumber: '+358 44 222 3305',
  }),
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
  /** Where the demo material bank files go (default DATA_DIR/materialbank). */
  storage?: FileStorage;
  /**
   * Gather the planner's statistics of the tables every signed-in request and the target list
   * read (`npm start` and the benchmarks; the tests leave it out, it costs 0.1–0.3 s).
   */
  analyze?: boolean;
}

/**
 * Statistics for the planner at once: autovacuum analyzes a table only after 50 rows have
 * changed, which the demo's small tables never reach, and without statistics PostgreSQL plans
 * the target list's contact users as 85 index probes instead of two small hash joins
 * (EXPLAIN ANALYZE 1.2 ms against 0.1 ms; docs/performance.md).
 */
async function analyzeSignedInPath(db: Db) {
  await db.execute(
    sql`analyze ${users}, ${organizations}, ${userTargets}, ${targets}, ${targetContactUsers}`,
  );
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

    // Ids by organization name, target name and e-mail.
    const organizationIds = new Map([
      [DEMO, demo.id],
      [OTHER, other.id],
    ]);
    const targetRows = await tx
      .insert(targets)
      .values([
        ...DEMO_TARGETS.map(({ contacts, ...t }) => ({ ...t, organizationId: demo.id })),
        ...OTHER_TARGETS.map(({ contacts, ...t }) => ({ ...t, organizationId: other.id })),
      ])
      .returning({ id: targets.targetId, name: targets.targetName });
    const targetIds = new Map(targetRows.map((row) => [row.name, row.id]));
    const targetId = (name: string) => {
      const id = targetIds.get(name);
      if (!id) throw new Error(`seed: no target ${name}`);
      return id;
    };

    const allUsers = [...DEMO_USERS, ...MORE_DEMO_USERS];
    const userRows = await tx
      .insert(users)
      .values(
        allUsers.map((user) => ({
          userEmail: user.email,
          passwordHash,
          userFirstName: user.firstName,
          userLastName: user.lastName,
          userJobTitle: user.jobTitle,
          userPhoneNumber: user.phoneNumber ?? '+358 40 123 4567',
          userRoles: user.role,
          userState: user.state ?? 'Aktiivinen',
          userPermissions: user.permissions,
          organizationId: organizationIds.get(user.organization) ?? demo.id,
        })),
      )
      .returning({ id: users.userId, email: users.userEmail });
    const userIds = new Map(userRows.map((row) => [row.email, row.id]));
    const userId = (email: string) => {
      const id = userIds.get(email);
      if (!id) throw new Error(`seed: no user ${email}`);
      return id;
    };

    await tx
      .insert(userTargets)
      .values(
        allUsers.flatMap((user) =>
          user.targets.map((name) => ({ userId: userId(user.email), targetId: targetId(name) })),
        ),
      );
    await tx.insert(targetContactUsers).values(
      [...DEMO_TARGETS, ...OTHER_TARGETS].flatMap((target) =>
        target.contacts.map((email) => ({
          targetId: targetId(target.targetName),
          userId: userId(email),
        })),
      ),
    );

    await seedDemoDiscussions(tx);
    await seedDemoDevices(tx, [
      {
        organizationId: demo.id,
        powerGuard: true,
        targets: DEMO_TARGETS.map((t) => ({ id: targetId(t.targetName), name: t.targetName })),
        actor: { id: userId('yllapitaja@demo.vahti.fi'), fullName: 'Ylermi Ylänne' },
        euiPrefix: 'A',
        followers: [
          { userId: userId('kayttaja@demo.vahti.fi'), targetId: targetId('As Oy Kivikko') },
          { userId: userId('aino.aaltonen@demo.vahti.fi'), targetId: targetId('As Oy Kivikko') },
        ],
      },
      {
        organizationId: other.id,
        powerGuard: false,
        targets: OTHER_TARGETS.map((t) => ({ id: targetId(t.targetName), name: t.targetName })),
        actor: { id: userId('yllapitaja@toinen.vahti.fi'), fullName: 'Tuomas Toivonen' },
        euiPrefix: 'B',
        followers: [
          {
            userId: userId('yllapitaja@toinen.vahti.fi'),
            targetId: targetId('As Oy Hämeenpuisto'),
          },
        ],
      },
    ]);
    await seedDemoAlarms(tx, [
      {
        organizationId: demo.id,
        ackBy: { id: userId('yllapitaja@demo.vahti.fi'), fullName: 'Ylermi Ylänne' },
      },
      {
        organizationId: other.id,
        ackBy: { id: userId('yllapitaja@toinen.vahti.fi'), fullName: 'Tuomas Toivonen' },
      },
    ]);

    // A code for trying self-registration: Demo Kiinteistöt Oy's first two targets, Tieto and
    // Vainu, no expiry.
    const codes = createRegistrationCodesService({
      codes: createRegistrationCodesRepository(tx),
      targets: createTargetsRepository(tx),
    });
    const { code } = await codes.createCode(systemScope('seed', demo.id), {
      organizationId: demo.id,
      targetIds: [targetId('As Oy Kivikko'), targetId('Rivitalo Haukilahti')],
      permissions: [1, 2],
    });
    await seedTietoSurveys(tx);
    await seedDemoIngestKeys(tx, [demo.id, other.id], options.dataDir);
    return code;
  });
  if (options.dataDir) await seedMaterialbank(db, options.dataDir, options.storage);
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(path.join(options.dataDir, DEMO_CODE_FILE), `${registrationCode}\n`, {
      mode: 0o600,
    });
  }
  if (options.analyze) await analyzeSignedInPath(db);
  return true;
}
