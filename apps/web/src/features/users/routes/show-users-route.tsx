import LinkIcon from '@mui/icons-material/Link';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { can, parsePermissions, sectionOfPermission, type UserRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUsers } from '@/api/get-users';
import type { Column } from '@/components/data-table';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { toActor, useCan, useSession } from '@/lib/session';
import { UserEditDialog } from '../components/user-edit-dialog';

const fullName = (user: UserRecord) => `${user.userFirstName} ${user.userLastName}`;

/** /admin/show-users: the users the caller may see; the pencil opens the edit dialog. */
export function ShowUsersRoute() {
  const { t } = useTranslation();
  const actor = toActor(useSession());
  const topAdmin = useCan({ do: 'crossOrganizations' });
  const users = useUsers();

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
    {
      key: 'jobTitle',
      label: t('users.jobTitle'),
      value: (user) => user.userJobTitle,
      hideBelow: 'xl',
    },
    {
      key: 'phone',
      label: t('users.phone'),
      value: (user) => user.userPhoneNumber,
      nowrap: true,
      hideBelow: 'xl',
    },
  ];

  return (
    <ResourceListScreen
      title={t('users.listTitle')}
      query={users}
      columns={columns}
      rowKey={(user) => user.uuid}
      initialSort={{ key: 'name', direction: 'asc' }}
      editLabel={(user) => t('users.editLabel', { name: fullName(user) })}
      // A user who outranks the caller cannot be edited (the server would refuse).
      canEdit={(user) => actor !== null && can(actor, { do: 'manageUser', role: user.userRoles })}
      dialog={(user, { close, done }) => (
        <UserEditDialog user={user} onClose={close} onSaved={done} />
      )}
      actions={(user) => (
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
      )}
    />
  );
}
