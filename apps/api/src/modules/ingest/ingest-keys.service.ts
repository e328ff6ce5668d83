import type { CreateIngestKeyBody, IngestKeyRecord, RejectedUplinkRecord } from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize, crossesOrganizations, homeOrganization } from '../../lib/scope.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { IngestRepository } from './ingest.repository.js';
import type { IngestKeysRepository } from './ingest-keys.repository.js';
import { ingestKeyPrefix } from './key-check.js';

const ADMINISTER = { do: 'administer' } as const;
/** Characters of a key shown in lists: the "vahti_ik_" mark and 8 of the random part. */
const SHOWN = ingestKeyPrefix.length + 8;
/** The newest rejected uplinks listed. */
const REJECTED_LIST_MAX = 500;

/** A new key's text: shown once; the server keeps its SHA-256. */
export const newIngestKey = () => `${ingestKeyPrefix}${randomToken()}`;
export const ingestKeyHash = (key: string) => sha256Hex(key);
export const ingestKeyShown = (key: string) => key.slice(0, SHOWN);

/** Hallinta: an organization's ingest keys, and the uplinks that could not be stored. */
export function createIngestKeysService({
  db,
  keys,
  ingest,
  organizations,
  audit,
}: {
  db: Db;
  keys: IngestKeysRepository;
  ingest: Pick<IngestRepository, 'listRejected'>;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: AuditService;
}) {
  return {
    async create(
      caller: Caller,
      body: CreateIngestKeyBody,
    ): Promise<{ key: string; ingestKey: IngestKeyRecord }> {
      const scope = authorize(caller, ADMINISTER);
      const organizationId = homeOrganization(scope, body.organizationId, 'organizationId');
      if (crossesOrganizations(scope) && !(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      const key = newIngestKey();
      const ingestKey = await db.transaction(async () => {
        const record = await keys.insert(scope, {
          organizationId,
          name: body.name,
          prefix: ingestKeyShown(key),
          keyHash: ingestKeyHash(key),
          createdBy: caller.userId,
        });
        await audit.record(scope, {
          action: 'ingestKey.create',
          entityId: record.id,
          organizationId,
          details: { name: record.name, prefix: record.prefix },
        });
        return record;
      });
      return { key, ingestKey };
    },

    list: (caller: Caller) => keys.list(authorize(caller, ADMINISTER)),

    async revoke(caller: Caller, id: string): Promise<IngestKeyRecord> {
      const scope = authorize(caller, ADMINISTER);
      return db.transaction(async () => {
        const record = await keys.revoke(scope, id);
        if (!record) throw notFound('ingest.INGEST_KEY_NOT_FOUND');
        await audit.record(scope, {
          action: 'ingestKey.revoke',
          entityId: record.id,
          organizationId: record.organizationId,
          details: { name: record.name, prefix: record.prefix },
        });
        return record;
      });
    },

    listRejected: (caller: Caller): Promise<RejectedUplinkRecord[]> =>
      ingest.listRejected(authorize(caller, ADMINISTER), REJECTED_LIST_MAX),
  };
}

export type IngestKeysService = ReturnType<typeof createIngestKeysService>;
