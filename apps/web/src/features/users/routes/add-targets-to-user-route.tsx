import Autocomplete from '@mui/material/Autocomplete';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUsers } from '@/api/get-users';
import { AlertMessage } from '@/components/alert-message';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { UserTargetsPanel } from '../components/user-targets-panel';

const userLabel = (user: UserRecord) =>
  `${user.userFirstName} ${user.userLastName} (${user.userEmail})`;

/**
 * /admin/add-targets-to-user?userId=: choose a user, see their targets, link more or remove one.
 * The chosen user lives in the address, so the users table can link here.
 */
export function AddTargetsToUserRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const users = useUsers();
  const userId = params.get('userId');
  const selected = users.data?.find((user) => user.uuid === userId) ?? null;

  const error = errorText(users.error);

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <PageHeader title={t('users.userTargets.title')} />
      <AlertMessage message={error} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <Autocomplete
            options={users.data ?? []}
            value={selected}
            loading={users.isPending}
            onChange={(_, user) => setParams(user ? { userId: user.uuid } : {}, { replace: true })}
            isOptionEqualToValue={(option, value) => option.uuid === value.uuid}
            getOptionLabel={userLabel}
            getOptionKey={(user) => user.uuid}
            noOptionsText={t('table.empty')}
            loadingText={t('app.loading')}
            openText={t('components.open')}
            closeText={t('app.close')}
            clearText={t('components.clear')}
            renderInput={(inputParams) => (
              <TextField
                {...inputParams}
                label={t('users.userTargets.user')}
                slotProps={{
                  ...inputParams.slotProps,
                  inputLabel: { ...inputParams.slotProps.inputLabel, shrink: true },
                }}
              />
            )}
          />
          {selected ? (
            <UserTargetsPanel key={selected.uuid} user={selected} />
          ) : (
            <Typography color="text.secondary">{t('users.userTargets.chooseUser')}</Typography>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
