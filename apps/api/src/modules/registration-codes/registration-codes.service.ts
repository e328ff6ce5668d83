import { isPermission } from '@vahti/domain';
import { AppError, notFound } from '../../lib/errors.js';
import { type Scope, systemScope } from '../../lib/scope.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import type { TargetsRepository } from '../targets/targets.repository.js';
import type { RegistrationCodesRepository } from './registration-codes.repository.js';

/** A code is looked up by its hash before anyone is signed in, in every organization. */
const REGISTRATION = systemScope('registration');

export interface CreateCodeInput {
  organizationId: string;
  targetIds: string[];
  /** Defaults to [1] (Tieto only): see the registration_codes table. */
  permissions?: number[];
  expiresAt?: Date | null;
  createdBy?: string | null;
  /** Registrations allowed; left out, no limit. */
  maxUses?: number | null;
}

export type RegistrationCodeFailure =
  | 'REGISTRATION_CODE_INVALID'
  | 'REGISTRATION_CODE_EXPIRED'
  | 'REGISTRATION_CODE_REVOKED'
  | 'REGISTRATION_CODE_USED_UP';

export interface UsableCode {
  id: string;
  organizationId: string;
  permissions: number[];
  targetIds: string[];
}

export type FindUsableResult =
  | { ok: true; code: UsableCode }
  | { ok: false; failure: RegistrationCodeFailure };

/**
 * Registration codes: random secrets whose meaning (organization, targets, permissions) lives in
 * the database. The plaintext is returned once, at creation, and never stored. The permission
 * check of the caller belongs to the admin calls (registration-code-admin.service.ts); this
 * service only keeps the data consistent, for them, self-registration and the seed.
 */
export function createRegistrationCodesService({
  codes,
  targets,
}: {
  codes: RegistrationCodesRepository;
  targets: Pick<TargetsRepository, 'listIdsOfOrganization'>;
}) {
  return {
    /** Creates a code in the scope (inside the open transaction, if any). */
    async createCode(scope: Scope, input: CreateCodeInput): Promise<{ id: string; code: string }> {
      const targetIds = [...new Set(input.targetIds)];
      const known = await targets.listIdsOfOrganization(scope, input.organizationId, targetIds);
      if (known.length !== targetIds.length) throw notFound('TARGET_NOT_FOUND');
      if (
        input.permissions &&
        (input.permissions.length === 0 || !input.permissions.every(isPermission))
      ) {
        throw new AppError(400, 'VALIDATION_FAILED', { permissions: 'validation.invalidValue' });
      }
      const code = randomToken();
      const id = await codes.insert(scope, {
        codeHash: sha256Hex(code),
        organizationId: input.organizationId,
        permissions: input.permissions && [...new Set(input.permissions)].sort((a, b) => a - b),
        expiresAt: input.expiresAt,
        createdBy: input.createdBy,
        maxUses: input.maxUses,
      });
      await codes.insertTargets(scope, id, targetIds);
      return { id, code };
    },

    /**
     * Looks a code up by its hash. Unknown, or of a Passiivinen organization: INVALID; revoked:
     * REVOKED (checked first, a deliberate act outranks the calendar); past expires_at: EXPIRED;
     * as many uses as max_uses: USED_UP.
     */
    async findUsable(code: string): Promise<FindUsableResult> {
      const row = await codes.findByHash(REGISTRATION, sha256Hex(code.trim()));
      if (row?.organizationState !== 'Aktiivinen') {
        return { ok: false, failure: 'REGISTRATION_CODE_INVALID' };
      }
      if (row.revokedAt) return { ok: false, failure: 'REGISTRATION_CODE_REVOKED' };
      if (row.expired) return { ok: false, failure: 'REGISTRATION_CODE_EXPIRED' };
      if (row.maxUses !== null && row.useCount >= row.maxUses) {
        return { ok: false, failure: 'REGISTRATION_CODE_USED_UP' };
      }
      return {
        ok: true,
        code: {
          id: row.id,
          organizationId: row.organizationId,
          permissions: row.permissions,
          targetIds: await codes.listTargetIds(REGISTRATION, row.id, row.organizationId),
        },
      };
    },

    /**
     * Counts a registration made with the code (inside the registration's transaction); 0 when
     * another registration took the last use first.
     */
    recordUse: (codeId: string) => codes.incrementUseCount(REGISTRATION, codeId),
  };
}

export type RegistrationCodesService = ReturnType<typeof createRegistrationCodesService>;
