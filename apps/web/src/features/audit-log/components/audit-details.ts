import { targetFieldLabels } from '@vahti/domain';
import { i18n } from '@/lib/i18n';

const MAX_VALUE_LENGTH = 80;

/**
 * Every key the API writes into an entry's details (the `audit.record` calls of the users,
 * targets, organizations, user-targets and registration-codes services), with the i18n key of
 * its label. Most reuse the form's own field label, so the log says what the form says.
 */
const FIELD_LABELS = {
  userEmail: 'users.email',
  userFirstName: 'users.firstName',
  userLastName: 'users.lastName',
  userPhoneNumber: 'users.phone',
  userJobTitle: 'users.jobTitle',
  userRoles: 'users.role',
  userState: 'users.state',
  userOrganization: 'users.organization',
  userPermissions: 'users.permissions',
  userInformation: 'users.information',
  userDescription: 'users.description',
  removedTargetIds: 'auditLog.fields.removedTargetIds',
  from: 'auditLog.fields.from',
  to: 'auditLog.fields.to',
  ...targetFieldLabels,
  fromOrganizationId: 'auditLog.fields.fromOrganizationId',
  unlinkedUsers: 'auditLog.fields.unlinkedUsers',
  organizationBusinessId: 'organizations.businessId',
  organizationContractNumber: 'organizations.contractNumber',
  organizationName: 'organizations.name',
  organizationAddress: 'organizations.address',
  organizationZipCode: 'organizations.zipCode',
  organizationPostalDistrict: 'organizations.postalDistrict',
  organizationArea: 'organizations.area',
  organizationState: 'organizations.state',
  organizationInformation: 'organizations.information',
  organizationDescription: 'organizations.description',
  organizationApplications: 'organizations.applications',
  targetIds: 'auditLog.fields.targetIds',
  added: 'auditLog.fields.added',
  removed: 'auditLog.fields.removed',
  linkId: 'auditLog.fields.linkId',
  expiresAt: 'auditLog.fields.expiresAt',
  recipientCount: 'auditLog.fields.recipientCount',
  recipients: 'auditLog.fields.recipients',
} as const satisfies Record<string, string>;

/** A detail key in the user's language ('userJobTitle' → 'Titteli'); an unknown key as it is. */
export function auditFieldLabel(key: string): string {
  const labelKey = (FIELD_LABELS as Record<string, string>)[key];
  return labelKey ? i18n.t(labelKey) : key;
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value)) return value.map(formatValue).join(', ') || '–';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const shorten = (text: string) =>
  text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;

/** An entry's details as one compact line: "Titteli: Isännöitsijä; Rooli: Käyttäjä". */
export function formatAuditDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${auditFieldLabel(key)}: ${shorten(formatValue(value))}`)
    .join('; ');
}
