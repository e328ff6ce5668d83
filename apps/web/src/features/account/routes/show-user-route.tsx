import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { parsePermissions, type Section, sectionOfPermission } from '@vahti/domain';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';

/**
 * `<area>/show-user`: the signed-in user's own details, read-only, with the ways to change them:
 * own details (/edit-user-information) and the area's own password change.
 */
export function ShowUserRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;

  const applications = parsePermissions(user.userPermissions)
    .map((permission) => t(`sections.${sectionOfPermission(permission) as Section}.name`))
    .join(', ');
  const details: [string, string][] = [
    [t('account.showUser.name'), `${user.userFirstName} ${user.userLastName}`],
    [t('account.showUser.email'), user.userEmail],
    [t('account.showUser.phone'), user.userPhoneNumber ?? ''],
    [t('account.showUser.jobTitle'), user.userJobTitle ?? ''],
    [t('account.showUser.role'), user.userRoles],
    [t('account.showUser.organization'), user.Organization.organizationName],
    [t('account.showUser.permissions'), applications],
    [t('account.showUser.targets'), String(user.UserTargets.length)],
  ];

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeader title={t('account.showUser.title')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content minmax(0, 1fr)' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1 },
            m: 0,
            '& dt': { fontWeight: 600 },
            '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
          }}
        >
          {details.map(([term, value]) => (
            <Fragment key={term}>
              <Typography component="dt">{term}</Typography>
              <Typography component="dd">{value || t('table.empty')}</Typography>
            </Fragment>
          ))}
        </Box>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" component={RouterLink} to="/edit-user-information">
          {t('account.showUser.editDetails')}
        </Button>
        {/* Relative to this screen: the area's own password change. */}
        <Button variant="outlined" component={RouterLink} to="../change-password" relative="path">
          {t('account.showUser.changePassword')}
        </Button>
      </Stack>
    </Stack>
  );
}
