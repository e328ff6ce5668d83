import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EDIT_DIALOG_MAX_WIDTH } from '@vahti/domain';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { OrganizationPicker } from '@/components/organization-picker';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { TableScroll } from '@/components/table-scroll';
import { type ApiError, errorText } from '@/lib/api-client';
import { useCan, useSession } from '@/lib/session';
import { useImportDevices, usePreviewDeviceImport } from '../api/import-devices';

/** Rows the preview table shows at most; the counts above it cover the whole file. */
const SHOWN_ROWS = 200;

/** The device form's label of each import column (its field name on the wire). */
const FIELD_LABELS: Record<string, string> = {
  deviceEui: 'devices.devices.eui',
  deviceName: 'devices.devices.name',
  deviceQrCode: 'devices.devices.qrCode',
  deviceType: 'devices.devices.type',
  deviceTarget: 'devices.devices.target',
  deviceLocation: 'devices.devices.location',
  deviceSerialNumber: 'devices.devices.serialNumber',
  deviceComissioiningDay: 'devices.devices.commissioningDay',
  latitude: 'devices.devices.latitude',
  longitude: 'devices.devices.longitude',
  deviceSwVersion: 'devices.devices.swVersion',
  deviceProductCode: 'devices.devices.productCode',
  deviceState: 'devices.devices.state',
  deviceDescription: 'devices.devices.description',
};

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * "Tuo laitteita": a CSV or XLSX file of devices is checked as soon as it is chosen; the table
 * shows the bad rows with each error in the user's language, and Save stays disabled until every
 * row passes. Saving stores all devices or none (POST /api/devices/import).
 */
export function ImportDevicesDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  // The top administrator imports into the organization chosen (their own until they choose).
  const crosses = useCan({ do: 'crossOrganizations' });
  const { user } = useSession();
  const organizationOf = (chosen: string | null) =>
    crosses ? (chosen ?? user?.userOrganization) : undefined;
  const preview = usePreviewDeviceImport();
  const commit = useImportDevices();
  /** A field as the user knows it: `columns.<field>` a column, `rows.<n>.<field>` a row's. */
  const label = (field: string): string => {
    const ofRow = /^rows\.(\d+)\.(.+)$/.exec(field);
    if (ofRow) return `${t('devices.import.row')} ${ofRow[1]}, ${label(ofRow[2] ?? '')}`;
    const column = field.startsWith('columns.') ? field.slice('columns.'.length) : field;
    const key = FIELD_LABELS[column];
    return key ? t(key) : column;
  };

  const check = (chosen: File, organization: string | null) => {
    commit.reset();
    preview.mutate({ file: chosen, organizationId: organizationOf(organization) });
  };
  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file chosen again (after fixing it) must trigger a new check.
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    check(chosen, organizationId);
  };
  const handleOrganization = (organization: string | null) => {
    setOrganizationId(organization);
    if (file) check(file, organization);
  };
  const handleCommit = () => {
    if (file) commit.mutate({ file, organizationId: organizationOf(organizationId) });
  };
  const handleClose = () => {
    setFile(null);
    preview.reset();
    commit.reset();
    onClose();
  };

  const result = preview.data;
  const failure = (commit.error ?? preview.error) as ApiError | null;
  // A file-level refusal names the file or a column: shown as a list under the red alert.
  const fieldErrors = Object.entries(failure?.fields ?? {}).filter(([field]) => field !== 'file');
  const rows = result
    ? result.invalid > 0
      ? result.rows.filter((row) => row.errors.length > 0)
      : result.rows
    : [];
  const shown = rows.slice(0, SHOWN_ROWS);
  const done = commit.data;
  const pending = preview.isPending || commit.isPending;

  return (
    <ResponsiveDialog
      open={open}
      onClose={handleClose}
      aria-labelledby={titleId}
      aria-describedby={introId}
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: { sm: EDIT_DIALOG_MAX_WIDTH } } } }}
    >
      <DialogTitle id={titleId}>{t('devices.import.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <DialogContentText id={introId}>{t('devices.import.intro')}</DialogContentText>
          <OrganizationPicker value={organizationId} onChange={handleOrganization} />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            {/* A real button opens the chooser, so Tab reaches it with a visible focus ring
                and Enter or Space opens it; the input itself stays out of sight. */}
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={pending}
              onClick={() => inputRef.current?.click()}
            >
              {t('devices.import.chooseFile')}
            </Button>
            <input
              ref={inputRef}
              type="file"
              hidden
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={t('devices.import.fileLabel')}
              onChange={handleFile}
            />
            {file && (
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {t('devices.import.chosen', { name: file.name })}
              </Typography>
            )}
          </Stack>
          {pending && (
            <Stack spacing={1} role="status">
              <Typography>
                {t(commit.isPending ? 'devices.import.saving' : 'devices.import.checking')}
              </Typography>
              <LinearProgress
                aria-label={t(
                  commit.isPending ? 'devices.import.saving' : 'devices.import.checking',
                )}
              />
            </Stack>
          )}
          <AlertMessage message={errorText(failure)} />
          {fieldErrors.length > 0 && (
            <ul aria-label={t('devices.import.errors')}>
              {fieldErrors.map(([field, message]) => (
                <li key={field}>
                  <Typography>
                    {label(field)}: {message}
                  </Typography>
                </li>
              ))}
            </ul>
          )}
          {done && (
            <AlertMessage
              severity="success"
              message={t('devices.import.done', { count: done.imported })}
            />
          )}
          {result && !done && !preview.isPending && (
            <Stack spacing={1.5}>
              <Typography role="status" sx={{ fontWeight: 600 }}>
                {t('devices.import.summary', {
                  total: result.total,
                  valid: result.valid,
                  invalid: result.invalid,
                })}
              </Typography>
              <Typography color={result.invalid > 0 ? 'error' : 'text.secondary'}>
                {result.invalid > 0 ? t('devices.import.fixErrors') : t('devices.import.allValid')}
              </Typography>
              {rows.length > shown.length && (
                <Typography color="text.secondary">
                  {t('devices.import.shownFirst', { shown: shown.length, count: rows.length })}
                </Typography>
              )}
              <TableScroll label={t('devices.import.tableLabel')}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('devices.import.row')}</TableCell>
                      <TableCell>{t('devices.devices.eui')}</TableCell>
                      <TableCell>{t('devices.devices.name')}</TableCell>
                      <TableCell>{t('devices.devices.type')}</TableCell>
                      <TableCell>{t('devices.devices.target')}</TableCell>
                      <TableCell>{t('devices.import.errors')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((row) => (
                      <TableRow key={row.row}>
                        <TableCell>{row.row}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.deviceEui}</TableCell>
                        <TableCell>{row.deviceName}</TableCell>
                        <TableCell>{row.deviceTypeName}</TableCell>
                        <TableCell>{row.targetName}</TableCell>
                        <TableCell>
                          {row.errors.length === 0 ? (
                            t('devices.import.ok')
                          ) : (
                            <Stack component="ul" sx={{ m: 0, pl: 2 }}>
                              {row.errors.map((error) => (
                                <Typography
                                  component="li"
                                  key={`${error.field} ${error.message}`}
                                  color="error"
                                  variant="body2"
                                >
                                  {label(error.field)}: {error.message}
                                </Typography>
                              ))}
                            </Stack>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableScroll>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={handleClose}>{t('devices.import.close')}</Button>
        {!done && (
          <Button
            variant="contained"
            onClick={handleCommit}
            disabled={!result || result.invalid > 0 || preview.isPending}
            loading={commit.isPending}
            aria-busy={commit.isPending}
          >
            {t('devices.import.commit', { count: result?.valid ?? 0 })}
          </Button>
        )}
      </DialogActions>
    </ResponsiveDialog>
  );
}
