import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrganizationRecord } from '@vahti/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { FilePickerButton } from '@/components/file-picker-button';
import { errorText, isApiError } from '@/lib/api-client';
import { useCan } from '@/lib/session';
import { useObjectUrl } from '@/lib/use-object-url';
import { useOrganizationLogo, useOrganizationLogoMutations } from '../api/organization-logo';

/**
 * The organization's logo in its edit dialog: shown, replaced by choosing a PNG or JPG (sent at
 * once; the server checks its content and size) or removed. Saved apart from the form's fields.
 */
export function OrganizationLogoField({
  organization,
}: {
  organization: Pick<OrganizationRecord, 'organizationId' | 'organizationName'>;
}) {
  const { t } = useTranslation();
  const mayChange = useCan({ do: 'manageOrganizationLogo' });
  const { organizationId, organizationName } = organization;
  const logo = useOrganizationLogo(organizationId, true);
  const { upload, remove } = useOrganizationLogoMutations(organizationId);
  const src = useObjectUrl(logo.data);
  const hintId = useId();
  const [outcome, setOutcome] = useState<{ text: string; ok: boolean } | null>(null);
  const pending = upload.isPending || remove.isPending;

  const failed = (error: unknown) =>
    setOutcome({
      text: (isApiError(error) && error.fields.file) || errorText(error) || '',
      ok: false,
    });
  const handleFile = (file: File) =>
    upload.mutate(
      { organizationId, file },
      { onSuccess: ({ message }) => setOutcome({ text: message, ok: true }), onError: failed },
    );
  const handleRemove = () =>
    remove.mutate(undefined, {
      onSuccess: ({ message }) => setOutcome({ text: message, ok: true }),
      onError: failed,
    });

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('organizations.logo')}
      </Typography>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {src ? (
          <Box
            component="img"
            src={src}
            alt={t('organizations.logoAlt', { name: organizationName })}
            sx={{
              maxHeight: 64,
              maxWidth: '100%',
              objectFit: 'contain',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 0.5,
            }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {logo.isPending ? '' : t('organizations.noLogo')}
          </Typography>
        )}
        {mayChange && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <FilePickerButton
              accept="image/png,image/jpeg"
              icon={<UploadFileIcon />}
              disabled={pending}
              describedBy={hintId}
              onFile={handleFile}
            >
              {t(src ? 'organizations.replaceLogo' : 'organizations.chooseLogo')}
            </FilePickerButton>
            {src && (
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                onClick={handleRemove}
                disabled={pending}
              >
                {t('organizations.removeLogo')}
              </Button>
            )}
          </Stack>
        )}
        <Typography id={hintId} variant="caption" color="text.secondary">
          {t('organizations.logoHint')}
        </Typography>
        <Box sx={{ width: '100%' }}>
          <AlertMessage
            message={outcome?.text}
            severity={outcome?.ok ? 'success' : 'error'}
            onClose={() => setOutcome(null)}
          />
        </Box>
      </Stack>
    </Box>
  );
}
