import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type CreateRegistrationCodeResponse,
  parsePermissions,
  type RegistrationCodeRecord,
  sectionOfPermission,
} from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/lib/session';
import { useRegistrationCodes } from '../api/get-registration-codes';
import { CodeGeneratorForm } from '../components/code-generator-form';
import { CreatedCodePanel } from '../components/created-code-panel';
import { RevokeCodeDialog, targetNames } from '../components/revoke-code-dialog';

/**
 * /admin/generate-registeration-code: creates a code for chosen targets, shows it once with copy
 * and send-by-mail, and lists the codes made so far with their use counts (revocable).
 */
export function GenerateRegistrationCodeRoute() {
  const { t } = useTranslation();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  // The top administrator's list follows the organization chosen in the form (all before that).
  const [listOrganization, setListOrganization] = useState<string | undefined>(undefined);
  const [created, setCreated] = useState<CreateRegistrationCodeResponse | null>(null);
  const codes = useRegistrationCodes(listOrganization);

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
    },
    {
      key: 'createdBy',
      label: t('registrationCodes.createdBy'),
      value: (code) => code.createdBy,
      // An address breaks after its '@' rather than run under the actions column.
      render: (code) => {
        const [local, domain] = (code.createdBy ?? '').split('@');
        return domain === undefined ? (
          code.createdBy
        ) : (
          <>
            {local}@<wbr />
            {domain}
          </>
        );
      },
    },
    // The top administrator's list may span organizations.
    ...(choosesOrganization && !listOrganization
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
    <Stack spacing={4}>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <PageHeader title={t('registrationCodes.title')} intro={t('registrationCodes.intro')} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3} divider={<Divider flexItem />}>
            <CodeGeneratorForm
              choosesOrganization={choosesOrganization}
              onOrganizationChange={setListOrganization}
              onCreated={setCreated}
            />
            {created && <CreatedCodePanel key={created.registrationCode.id} created={created} />}
          </Stack>
        </Paper>
      </Stack>
      <Stack spacing={2}>
        <Typography component="h2" variant="h5">
          {t('registrationCodes.listTitle')}
        </Typography>
        <ResourceList
          label={t('registrationCodes.tableLabel')}
          query={codes}
          columns={columns}
          rowKey={(code) => code.id}
          initialSort={{ key: 'createdAt', direction: 'desc' }}
          dialog={(code, { close, done }) => (
            <RevokeCodeDialog code={code} onClose={close} onRevoked={done} />
          )}
          actions={(code, openDialog) =>
            code.status === 'active' ? (
              <Button
                size="small"
                color="error"
                aria-label={t('registrationCodes.revokeLabel', {
                  targets: targetNames(code),
                  created: formatDate(code.createdAt),
                })}
                onClick={openDialog}
              >
                {t('registrationCodes.revoke')}
              </Button>
            ) : null
          }
        />
      </Stack>
    </Stack>
  );
}
