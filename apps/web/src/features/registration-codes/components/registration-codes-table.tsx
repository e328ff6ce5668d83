import Button from '@mui/material/Button';
import { parsePermissions, type RegistrationCodeRecord, sectionOfPermission } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/data-table';
import { formatDate } from '@/lib/dates';

export const targetNames = (code: RegistrationCodeRecord) =>
  code.targets.map((target) => target.targetName).join(', ');

interface RegistrationCodesTableProps {
  codes: readonly RegistrationCodeRecord[];
  loading: boolean;
  error: string | null;
  /** The top administrator's list may span organizations. */
  showOrganization: boolean;
  onRevoke: (code: RegistrationCodeRecord) => void;
}

/** The codes made so far: how often each was used and whether it still works. */
export function RegistrationCodesTable({
  codes,
  loading,
  error,
  showOrganization,
  onRevoke,
}: RegistrationCodesTableProps) {
  const { t } = useTranslation();
  const applications = (code: RegistrationCodeRecord) =>
    parsePermissions(code.userPermissions)
      .map((permission) => t(`sections.${sectionOfPermission(permission)}.name`))
      .join(', ');
  const columns: Column<RegistrationCodeRecord>[] = [
    {
      key: 'createdAt',
      label: t('registrationCodes.created'),
      // Sorted by the ISO time, shown as DD.MM.YYYY.
      value: (code) => code.createdAt,
      render: (code) => formatDate(code.createdAt),
      nowrap: true,
    },
    {
      key: 'expiresAt',
      label: t('registrationCodes.expires'),
      value: (code) => code.expiresAt,
      render: (code) =>
        code.expiresAt ? formatDate(code.expiresAt) : t('registrationCodes.neverExpires'),
      nowrap: true,
    },
    { key: 'useCount', label: t('registrationCodes.uses'), value: (code) => code.useCount },
    { key: 'targets', label: t('registrationCodes.targets'), value: targetNames },
    { key: 'applications', label: t('registrationCodes.applications'), value: applications },
    {
      key: 'status',
      label: t('registrationCodes.status'),
      value: (code) => t(`registrationCodes.statuses.${code.status}`),
      nowrap: true,
    },
    {
      key: 'createdBy',
      label: t('registrationCodes.createdBy'),
      value: (code) => code.createdBy,
    },
    ...(showOrganization
      ? [
          {
            key: 'organization',
            label: t('registrationCodes.organization'),
            value: (code: RegistrationCodeRecord) => code.organizationName,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label={t('registrationCodes.tableLabel')}
      rows={codes}
      columns={columns}
      rowKey={(code) => code.id}
      actions={(code) =>
        code.status === 'active' ? (
          <Button
            size="small"
            color="error"
            aria-label={t('registrationCodes.revokeLabel', {
              targets: targetNames(code),
              created: formatDate(code.createdAt),
            })}
            onClick={() => onRevoke(code)}
          >
            {t('registrationCodes.revoke')}
          </Button>
        ) : null
      }
      loading={loading}
      error={error}
      initialSort={{ key: 'createdAt', direction: 'desc' }}
      minWidth={960}
    />
  );
}
