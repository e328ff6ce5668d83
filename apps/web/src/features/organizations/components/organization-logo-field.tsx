import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrganizationRecord } from '@vahti/domain';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { errorText, isApiError } from '@/lib/api-client';
import { useCan } from '@/lib/session';
import { useOrganizationLogo, useOrganizationLogoMutations } from '../api/organization-logo';

/** A blob: URL of the image while it is shown, let go afterwards. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

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
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [outcome, setOutcome] = useState<{ text: string; ok: boolean } | null>(null);
  const pending = upload.isPending || remove.isPending;

  const failed = (error: unknown) =>
    setOutcome({
      text: (isApiError(error) && error.fields.file) || errorText(error) || '',
      ok: false,
    });
  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(
      { organizationId, file },
      { onSuccess: ({ message }) => setOutcome({ text: message, ok: true }), onError: failed },
    );
  };
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
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => input.current?.click()}
              disabled={pending}
              aria-describedby={hintId}
            >
              {t(src ? 'organizations.replaceLogo' : 'organizations.chooseLogo')}
            </Button>
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
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg"
              hidden
              tabIndex={-1}
              aria-hidden
              onChange={handleFile}
            />
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
