import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateRegistrationCodeResponse, RegistrationCodeRecord } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useCan } from '@/lib/session';
import { useFlashMessage } from '@/lib/use-flash-message';
import { useRegistrationCodes } from '../api/get-registration-codes';
import { CodeGeneratorForm } from '../components/code-generator-form';
import { CreatedCodePanel } from '../components/created-code-panel';
import { RegistrationCodesTable } from '../components/registration-codes-table';
import { RevokeCodeDialog } from '../components/revoke-code-dialog';

/**
 * /admin/generate-registeration-code: creates a code for chosen targets, shows it once with copy
 * and send-by-mail, and lists the codes made so far with their use counts (revocable).
 */
export function GenerateRegistrationCodeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('registrationCodes.title'));
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  // The top administrator's list follows the organization chosen in the form (all before that).
  const [listOrganization, setListOrganization] = useState<string | undefined>(undefined);
  const [created, setCreated] = useState<CreateRegistrationCodeResponse | null>(null);
  const [revoking, setRevoking] = useState<RegistrationCodeRecord | null>(null);
  const [revoked, setRevoked] = useFlashMessage();
  const codes = useRegistrationCodes(listOrganization);

  const error = errorText(codes.error);

  return (
    <Stack spacing={4}>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <Stack spacing={1}>
          <Typography
            component="h1"
            variant="h4"
            sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            {t('registrationCodes.title')}
          </Typography>
          <Typography color="text.secondary">{t('registrationCodes.intro')}</Typography>
        </Stack>
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
        <AlertMessage severity="success" message={revoked} />
        <RegistrationCodesTable
          codes={codes.data ?? []}
          loading={codes.isPending}
          error={error}
          showOrganization={choosesOrganization && !listOrganization}
          onRevoke={(code) => {
            setRevoked(null);
            setRevoking(code);
          }}
        />
      </Stack>
      {revoking && (
        <RevokeCodeDialog
          code={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={(message) => {
            setRevoking(null);
            setRevoked(message);
          }}
        />
      )}
    </Stack>
  );
}
