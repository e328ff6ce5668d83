import LinkIcon from '@mui/icons-material/Link';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { can, parsePermissions, sectionOfPermission, type UserRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUsers } from '@/api/users';
import { type Column, DataTable, EditIconButton } from '@/components/data-table';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { toActor, useCan, useSession } from '@/lib/session';
import { UserEditDialog } from '../components/user-edit-dialog';

const fullName = (user: UserRecord) => `${user.userFirstName} ${user.userLastName}`;

/** /admin/show-users: the users the caller may see; the pencil opens the edit dialog. */
export function ShowUsersRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('users.listTitle'));
  const actor = toActor(useSession());
  const topAdmin = useCan({ do: 'crossOrganizations' });
  const users = useUsers();
  const [editing, setEditing] = useState<UserRecord | null>(null);

  const permissionNames = (user: UserRecord) =>
    parsePermissions(user.userPermissions)
      .map((permission) => t(`sections.${sectionOfPermission(permission)}.name`))
      .join(', ');

  const columns: Column<UserRecord>[] = [
    { key: 'name', label: t('users.name'), value: fullName, nowrap: true },
    { key: 'email', label: t('users.email'), value: (user) => user.userEmail, nowrap: true },
    { key: 'role', label: t('users.role'), value: (user) => user.userRoles, nowrap: true },
    { key: 'state', label: t('users.state'), value: (user) => user.userState, nowrap: true },
    ...(topAdmin
      ? [
          {
            key: 'organization',
            label: t('users.organization'),
            value: (user: UserRecord) => user.Organization.organizationName,
          },
        ]
      : []),
    { key: 'permissions', label: t('users.permissions'), value: permissionNames },
    { key: 'jobTitle', label: t('users.jobTitle'), value: (user) => user.userJobTitle },
    {
      key: 'phone',
      label: t('users.phone'),
      value: (user) => user.userPhoneNumber,
      nowrap: true,
    },
  ];

  // A user who outranks the caller cannot be edited (the server would refuse).
  const editable = (user: UserRecord) =>
    actor !== null && can(actor, { do: 'manageUser', role: user.userRoles });

  const error = errorText(users.error);

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {t('users.listTitle')}
      </Typography>
      <DataTable
        label={t('users.listTitle')}
        rows={users.data ?? []}
        columns={columns}
        rowKey={(user) => user.uuid}
        loading={users.isPending}
        error={error}
        initialSort={{ key: 'name', direction: 'asc' }}
        minWidth={topAdmin ? 1100 : 960}
        actions={(user) => (
          <>
            {editable(user) && (
              <EditIconButton
                label={t('users.editLabel', { name: fullName(user) })}
                onClick={() => setEditing(user)}
              />
            )}
            <Tooltip title={t('users.openTargets', { name: fullName(user) })}>
              <IconButton
                size="small"
                component={RouterLink}
                to={`/admin/add-targets-to-user?userId=${encodeURIComponent(user.uuid)}`}
                aria-label={t('users.openTargets', { name: fullName(user) })}
              >
                <LinkIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <UserEditDialog user={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
