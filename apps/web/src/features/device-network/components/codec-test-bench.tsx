import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CodecSource, CodecTestBody } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useDeviceTypeSamples } from '../api/get-device-type-samples';
import { useTestCodec } from '../api/test-codec';
import { codecOf, measurementsOf, type TypeFormValues } from './type-form-values';

interface Props {
  getValues: () => TypeFormValues;
  source: CodecSource;
  /** The type edited: its devices' real payloads are offered for replay. */
  deviceTypeId?: string | undefined;
  /** The type's organization (the top administrator's choice): its measurements are read. */
  organizationId?: string | null | undefined;
}

/**
 * The type form's test bench (issue 25): a payload (hex or base64) and FPort, or a network
 * server's decoded object, run through the codec as it stands in the form — the values each
 * measurement would get, or why the uplink would be rejected. Nothing is saved.
 */
export function CodecTestBench({ getValues, source, deviceTypeId, organizationId }: Props) {
  const { t } = useTranslation();
  const test = useTestCodec();
  const samples = useDeviceTypeSamples(deviceTypeId);
  const [payload, setPayload] = useState('');
  const [fPort, setFPort] = useState('');
  const [decoded, setDecoded] = useState('');
  const [local, setLocal] = useState<string | null>(null);

  const run = (sample?: { payload: string; fPort: number | null }) => {
    setLocal(null);
    if (sample) {
      setPayload(sample.payload);
      setFPort(sample.fPort === null ? '' : String(sample.fPort));
    }
    const values = getValues();
    const codec = codecOf(values);
    if (!codec) {
      setLocal(t('deviceNetwork.types.framesNotJson'));
      return;
    }
    let object: Record<string, unknown> | undefined;
    if (source === 'networkServer' && decoded.trim()) {
      try {
        object = JSON.parse(decoded) as Record<string, unknown>;
      } catch {
        setLocal(t('deviceNetwork.types.decodedNotJson'));
        return;
      }
    }
    const body = {
      ...(organizationId && { organizationId }),
      deviceTypeCodec: codec,
      measurements: measurementsOf(values),
      payload: sample?.payload ?? payload,
      ...(sample
        ? sample.fPort !== null && { fPort: sample.fPort }
        : fPort.trim() && { fPort: Number(fPort) }),
      ...(object && { decoded: object }),
    } as CodecTestBody;
    test.mutate(body);
  };

  const result = test.data;
  return (
    <Stack
      component="section"
      spacing={1.5}
      aria-labelledby="codec-test-title"
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id="codec-test-title" component="h3" variant="subtitle1">
        {t('deviceNetwork.types.testTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('deviceNetwork.types.testIntro')}
      </Typography>
      {source === 'networkServer' ? (
        <TextField
          label={t('deviceNetwork.types.testDecoded')}
          multiline
          minRows={3}
          value={decoded}
          onChange={(event) => setDecoded(event.target.value)}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            sx={{ flex: 3 }}
            label={t('deviceNetwork.types.testPayload')}
            value={payload}
            onChange={(event) => setPayload(event.target.value)}
            helperText={t('deviceNetwork.types.testPayloadHint')}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          <TextField
            sx={{ flex: 1 }}
            label="FPort"
            inputMode="numeric"
            value={fPort}
            onChange={(event) => setFPort(event.target.value)}
          />
        </Stack>
      )}
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => run()}
        disabled={test.isPending}
      >
        {test.isPending ? t('deviceNetwork.types.testing') : t('deviceNetwork.types.test')}
      </Button>
      {source !== 'networkServer' && (samples.data?.length ?? 0) > 0 && (
        <Stack component="section" spacing={0.5} aria-labelledby="codec-samples-title">
          <Typography id="codec-samples-title" variant="body2" sx={{ fontWeight: 600 }}>
            {t('deviceNetwork.types.samplesTitle')}
          </Typography>
          {samples.data?.slice(0, 10).map((sample) => (
            <Stack
              key={`${sample.deviceEui}-${sample.at}-${sample.payload}`}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Typography variant="body2" sx={{ flex: 1, wordBreak: 'break-all' }}>
                {sample.deviceName} · {formatDateTime(sample.at)} · <code>{sample.payload}</code>
                {sample.rejectedReason &&
                  ` · ${t(`ingestKeys.reasons.${sample.rejectedReason}`, { defaultValue: sample.rejectedReason })}`}
              </Typography>
              <Button
                size="small"
                onClick={() => run(sample)}
                aria-label={t('deviceNetwork.types.replayLabel', {
                  name: sample.deviceName,
                  at: formatDateTime(sample.at),
                })}
              >
                {t('deviceNetwork.types.replay')}
              </Button>
            </Stack>
          ))}
        </Stack>
      )}
      <div aria-live="polite">
        {local && <Alert severity="error">{local}</Alert>}
        {test.error && <Alert severity="error">{errorText(test.error)}</Alert>}
        {result &&
          !test.isPending &&
          !local &&
          (result.reason ? (
            <Alert severity="warning">
              {t('deviceNetwork.types.testRejected', {
                reason: t(`ingestKeys.reasons.${result.reason}`, { defaultValue: result.reason }),
              })}
              {result.field && ` — ${result.field}`}
              {result.detail && ` (${result.detail})`}
            </Alert>
          ) : (
            <Table size="small" aria-label={t('deviceNetwork.types.testValues')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('deviceNetwork.types.measurements')}</TableCell>
                  <TableCell align="right">{t('deviceNetwork.types.value')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.values.map((row) => (
                  <TableRow key={row.measurementId}>
                    <TableCell>{row.measurementName}</TableCell>
                    <TableCell align="right">{row.value.toLocaleString('fi-FI')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ))}
      </div>
    </Stack>
  );
}
