import {
  type createRegistrationCodeBody,
  type Language,
  parsePermissions,
  type RegistrationCodeRecord,
  type RegistrationCodesResponse,
  type SendRegistrationCodeBody,
  TIME_ZONE,
} from '@vahti/domain';
import type { z } from 'zod';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { authorize, crossesOrganizations, homeOrganization, type Scope } from '../../lib/scope.js';
import { sha256Hex } from '../../lib/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges } from '../audit/audited.js';
import type { Mailer } from '../mail/mailer.js';
import { registrationCodeMail } from '../mail/templates.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { RateLimitService } from '../rate-limits/rate-limits.service.js';
import type { TargetsRepository } from '../targets/targets.repository.js';
import type { RegistrationCodesRepository } from './registration-codes.repository.js';
import type { RegistrationCodesService } from './registration-codes.service.js';

const ADMINISTER = { do: 'administer' } as const;

const DAY_MS = 86_400_000;

/** The creation body as validated: the defaults (expiresInDays) filled in. */
type CreateCodeInput = z.output<typeof createRegistrationCodeBody>;

/** DD.MM.YYYY in Finnish time (spec 000 §9). */
function formatDate(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year}`;
}

const codeNotFound = () => notFound('REGISTRATION_CODE_NOT_FOUND');

/**
 * The admin area's registration codes: create, list, revoke and mail them. Every call needs the
 * admin area; anyone but the top administrator works within their own organization.
 */
export function createRegistrationCodeAdminService({
  db,
  codes,
  codeRecords,
  organizations,
  targets,
  audit,
  mailer,
  rateLimits,
  config,
}: {
  db: Db;
  codes: Pick<RegistrationCodesService, 'createCode'>;
  codeRecords: RegistrationCodesRepository;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  targets: Pick<TargetsRepository, 'listIdsOfOrganization'>;
  audit: AuditService;
  mailer: Mailer;
  rateLimits: Pick<RateLimitService, 'take'>;
  config: Pick<Config, 'publicUrl'>;
}) {
  const audited = auditedChanges({ db, audit });

  async function read(scope: Scope, codeId: string): Promise<RegistrationCodeRecord> {
    const [code] = await codeRecords.list(scope, { codeId });
    if (!code) throw codeNotFound();
    return code;
  }

  return {
    /**
     * Creates a code for targets of one organization. The top administrator names the
     * organization; anyone else gets their own, and naming another answers 403 once the targets
     * are known to be theirs (targets they cannot see answer 404 first). The text is returned
     * here once; only its hash is kept.
     */
    async create(
      caller: Caller,
      input: CreateCodeInput,
    ): Promise<{ code: string; registrationCode: RegistrationCodeRecord }> {
      const scope = authorize(caller, ADMINISTER);
      // Nobody hands out an application they cannot open themselves (ADR 0007: a body field the
      // caller may not set answers 403; the field is named so the form can mark it).
      const permissions = parsePermissions(input.userPermissions ?? '1');
      if (!permissions.every((permission) => caller.userPermissions.includes(permission))) {
        throw new AppError(403, 'FORBIDDEN', { userPermissions: 'validation.permissionNotHeld' });
      }
      const targetIds = [...new Set(input.targetIds)];
      if (
        scope.organizationId !== null &&
        (await targets.listIdsOfOrganization(scope, scope.organizationId, targetIds)).length !==
          targetIds.length
      ) {
        throw notFound('TARGET_NOT_FOUND');
      }
      const organizationId = homeOrganization(scope, input.organizationId, 'organizationId');
      if (crossesOrganizations(scope) && !(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      const expiresAt = new Date(Date.now() + input.expiresInDays * DAY_MS);
      const { made } = await audited(scope, async () => {
        const made = await codes.createCode(scope, {
          organizationId,
          targetIds,
          permissions,
          expiresAt,
          createdBy: caller.userId,
          maxUses: input.maxUses ?? null,
        });
        return {
          action: 'registrationCode.create',
          entityId: made.id,
          organizationId,
          details: {
            targetIds,
            userPermissions: permissions.join(','),
            expiresAt: expiresAt.toISOString(),
            maxUses: input.maxUses ?? null,
          },
          made,
        };
      });
      return { code: made.code, registrationCode: await read(scope, made.id) };
    },

    /** Newest first; the top administrator may leave the organization out (every code). */
    async list(
      caller: Caller,
      organizationId: string | undefined,
    ): Promise<Omit<RegistrationCodesResponse, 'message'>> {
      const scope = authorize(caller, ADMINISTER);
      if (organizationId && !(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      return {
        registrationCodes: await codeRecords.list(scope, organizationId ? { organizationId } : {}),
      };
    },

    /** Stops a code from working; revoking again changes nothing. */
    async revoke(caller: Caller, codeId: string): Promise<RegistrationCodeRecord> {
      const scope = authorize(caller, ADMINISTER);
      const code = await read(scope, codeId);
      await audited(scope, async () => {
        if (!(await codeRecords.revoke(scope, codeId))) return;
        return {
          action: 'registrationCode.revoke',
          entityId: codeId,
          organizationId: code.organizationId,
        };
      });
      return read(scope, codeId);
    },

    /**
     * Mails the code with registration instructions, one mail per distinct address (compared
     * without case), in the caller's language; at most 50 recipients an hour per sender. The
     * caller sends the code's text back, since only its hash is kept; it must be the text of
     * this code. Returns the number of mails.
     */
    async send(
      caller: Caller,
      codeId: string,
      body: SendRegistrationCodeBody,
      language: Language,
    ): Promise<number> {
      const scope = authorize(caller, ADMINISTER);
      const found = await codeRecords.findForSending(scope, codeId);
      if (!found) throw codeNotFound();
      if (sha256Hex(body.code) !== found.codeHash) {
        throw new AppError(400, 'VALIDATION_FAILED', { code: 'errors.REGISTRATION_CODE_INVALID' });
      }
      const unusable = found.revokedAt
        ? 'REGISTRATION_CODE_REVOKED'
        : found.expired
          ? 'REGISTRATION_CODE_EXPIRED'
          : found.usedUp
            ? 'REGISTRATION_CODE_USED_UP'
            : found.organizationState !== 'Aktiivinen'
              ? 'REGISTRATION_CODE_INVALID'
              : undefined;
      if (unusable) throw new AppError(400, unusable, { code: `errors.${unusable}` });

      // The first spelling of each address is the one mailed.
      const byAddress = new Map<string, string>();
      for (const address of body.recipients) {
        if (!byAddress.has(address.toLowerCase())) byAddress.set(address.toLowerCase(), address);
      }
      const recipients = [...byAddress.values()];
      // Per sender, counted per recipient: a code cannot become a way to mail anyone at will.
      await rateLimits.take(
        { rule: 'registrationCodeRecipients', value: caller.userId },
        recipients.length,
      );
      const mail = registrationCodeMail(language, {
        organizationName: found.organizationName,
        code: body.code,
        link: `${config.publicUrl}/#/user-register?code=${encodeURIComponent(body.code)}`,
        loginUrl: `${config.publicUrl}/#/login`,
        validUntil: found.expiresAt ? formatDate(found.expiresAt) : null,
      });
      await audited(scope, async () => {
        for (const to of recipients) await mailer.enqueue({ to, language, ...mail });
        return {
          action: 'registrationCode.send',
          entityId: codeId,
          organizationId: found.organizationId,
          details: { recipientCount: recipients.length, recipients },
        };
      });
      mailer.kick();
      return recipients.length;
    },
  };
}

export type RegistrationCodeAdminService = ReturnType<typeof createRegistrationCodeAdminService>;
