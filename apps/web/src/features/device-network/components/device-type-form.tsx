import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CodecSource,
  type CreateDeviceTypeBody,
  type DeviceTypeRecord,
  legacyLayoutFrames,
  type MeasurementRecord,
} from '@vahti/domain';
import { type ReactNode, useState } from 'react';
import { Controller, get, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OrganizationPicker } from '@/components/organization-picker';
import { isApiError } from '@/lib/api-client';
import { measurementLabel } from '@/lib/measurement-label';
import { useSession } from '@/lib/session';
import { useMeasurementChoices } from '../api/get-measurement-choices';
import { useSaveDeviceType } from '../api/save-device-type';
import { CodecTestBench } from './codec-test-bench';
import { codecOf, measurementsOf, minutes, type TypeFormValues } from './type-form-values';

const SOURCES: readonly CodecSource[] = ['networkServer', 'layout', 'javascript'];

const SCRIPT_TEMPLATE = `function decodeUplink(input) {
  var bytes = input.bytes;
  return {
    data: {
      temperature: ((bytes[0] << 8) | bytes[1]) / 10,
    },
  };
}
`;

/** A first layout: the chosen measurements as consecutive 2-byte big-endian fields. */
function framesTemplate(measurementIds: string[]): string {
  const fields = measurementIds.map((measurementId, i) => ({
    measurementId,
    offset: i * 2,
    length: 2,
    signed: false,
    byteOrder: 'big',
    scale: 1,
    valueOffset: 0,
  }));
  return JSON.stringify([{ kind: 'fixed', fields }], null, 2);
}

function valuesOf(type?: DeviceTypeRecord): TypeFormValues {
  const codec = type?.deviceTypeCodec;
  return {
    deviceTypeName: type?.deviceTypeName ?? '',
    deviceTypeState: type?.deviceTypeState === 'Passiivinen' ? 'Passiivinen' : 'Aktiivinen',
    deviceTypeDescription: type?.deviceTypeDescription ?? '',
    source: codec?.source ?? (type ? 'layout' : 'networkServer'),
    // A type from before codecs starts from its measurements' own layout.
    frames: JSON.stringify(
      codec?.source === 'layout'
        ? codec.frames
        : type && !codec
          ? legacyLayoutFrames(type.Measurements)
          : [],
      null,
      2,
    ),
    script: codec?.source === 'javascript' ? codec.script : '',
    measurements: (type?.Measurements ?? []).map((m) => ({
      measurementId: m.measurementId,
      decodedPath: m.decodedPath ?? '',
      decimals: m.decimals === null ? '' : String(m.decimals),
    })),
    deviceTypeOfflineAfterMinutes: type?.deviceTypeOfflineAfterMinutes?.toString() ?? '',
    deviceTypeAlarmDelayMinutes: type?.deviceTypeAlarmDelayMinutes?.toString() ?? '',
  };
}

interface Props {
  /** The type edited; none: a new one. */
  deviceType?: DeviceTypeRecord;
  onSaved: (message: string, type: DeviceTypeRecord) => void;
  /** Extra buttons beside Save (a dialog's Cancel). */
  actions?: ReactNode;
}

/**
 * A device type's whole form (issue 25): name, state, measurements (with their place in a decoded
 * object and decimals), the codec (network server's object, byte frames as JSON, or a JavaScript
 * decodeUplink), alarm settings, and a test bench to try the codec before saving.
 */
export function DeviceTypeForm({ deviceType, onSaved, actions }: Props) {
  const { t } = useTranslation();
  const form = useForm<TypeFormValues>({ defaultValues: valuesOf(deviceType) });
  const rows = useFieldArray({ control: form.control, name: 'measurements' });
  const choices = useMeasurementChoices();
  // The top administrator makes a new type in any organization (its measurements are that one's).
  const session = useSession();
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const typeOrganization =
    deviceType?.organizationId ?? organizationId ?? session.user?.userOrganization ?? null;
  const ownMeasurements = (choices.data ?? []).filter(
    (m) => typeOrganization === null || m.organizationId === typeOrganization,
  );
  const save = useSaveDeviceType(deviceType?.deviceTypeId);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<[string, string][]>([]);
  const source = form.watch('source');
  const nameOf = (id: string) =>
    choices.data?.find((m: MeasurementRecord) => m.measurementId === id)?.measurementName ?? id;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setFieldErrors([]);
    const codec = codecOf(values);
    if (!codec) {
      form.setError('frames', { message: t('deviceNetwork.types.framesNotJson') });
      return;
    }
    const body: CreateDeviceTypeBody = {
      ...(!deviceType && organizationId && { organizationId }),
      deviceTypeName: values.deviceTypeName,
      deviceTypeState: values.deviceTypeState,
      deviceTypeDescription: values.deviceTypeDescription || null,
      deviceTypeCodec: codec,
      measurements: measurementsOf(values),
      deviceTypeOfflineAfterMinutes: minutes(values.deviceTypeOfflineAfterMinutes),
      deviceTypeAlarmDelayMinutes: minutes(values.deviceTypeAlarmDelayMinutes),
    } as CreateDeviceTypeBody;
    try {
      const answer = await save.mutateAsync(body);
      onSaved(answer.message, answer.deviceType);
      if (!deviceType) form.reset(valuesOf());
    } catch (failure) {
      if (!isApiError(failure)) {
        setError(t('api.unexpectedError'));
        return;
      }
      setError(failure.error);
      const listed: [string, string][] = [];
      for (const [path, message] of Object.entries(failure.fields)) {
        if (path.startsWith('deviceTypeCodec.frames')) listed.push([path, message]);
        else if (path.startsWith('deviceTypeCodec.script')) form.setError('script', { message });
        else form.setError(path as keyof TypeFormValues, { message });
      }
      setFieldErrors(listed);
    }
  });

  const errorOf = (path: string): string | undefined =>
    (get(form.formState.errors, path) as { message?: string } | undefined)?.message;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={submit}
      aria-label={t('deviceNetwork.types.formLabel')}
    >
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {!deviceType && (
        <OrganizationPicker
          value={organizationId}
          onChange={(chosen) => {
            setOrganizationId(chosen);
            rows.replace([]);
          }}
        />
      )}
      <TextField
        label={t('deviceNetwork.types.name')}
        required
        {...form.register('deviceTypeName', { required: t('validation.required') })}
        error={Boolean(errorOf('deviceTypeName'))}
        helperText={errorOf('deviceTypeName')}
      />
      <Controller
        control={form.control}
        name="deviceTypeState"
        render={({ field }) => (
          <TextField select label={t('deviceNetwork.types.state')} {...field}>
            <MenuItem value="Aktiivinen">{t('deviceNetwork.types.active')}</MenuItem>
            <MenuItem value="Passiivinen">{t('deviceNetwork.types.retired')}</MenuItem>
          </TextField>
        )}
      />
      <TextField
        label={t('deviceNetwork.types.description')}
        multiline
        minRows={2}
        {...form.register('deviceTypeDescription')}
        helperText={errorOf('deviceTypeDescription') ?? t('deviceNetwork.types.optional')}
        error={Boolean(errorOf('deviceTypeDescription'))}
      />

      <Typography component="h2" variant="h6">
        {t('deviceNetwork.types.measurements')}
      </Typography>
      {errorOf('measurements') && <Alert severity="error">{errorOf('measurements')}</Alert>}
      {rows.fields.map((row, index) => (
        <Stack
          key={row.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <Controller
            control={form.control}
            name={`measurements.${index}.measurementId`}
            render={({ field }) => (
              <TextField
                select
                sx={{ minWidth: 200, flex: 2 }}
                label={t('deviceNetwork.types.measurement', { n: index + 1 })}
                {...field}
                error={Boolean(errorOf(`measurements.${index}.measurementId`))}
                helperText={errorOf(`measurements.${index}.measurementId`)}
              >
                {ownMeasurements.map((m) => (
                  <MenuItem key={m.measurementId} value={m.measurementId}>
                    {measurementLabel(m)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {source !== 'layout' && (
            <TextField
              sx={{ flex: 2 }}
              label={t('deviceNetwork.types.path', { n: index + 1 })}
              {...form.register(`measurements.${index}.decodedPath`)}
              error={Boolean(errorOf(`measurements.${index}.decodedPath`))}
              helperText={
                errorOf(`measurements.${index}.decodedPath`) ?? t('deviceNetwork.types.pathHint')
              }
            />
          )}
          <TextField
            sx={{ flex: 1, minWidth: 110 }}
            label={t('deviceNetwork.types.decimals', { n: index + 1 })}
            inputMode="numeric"
            {...form.register(`measurements.${index}.decimals`)}
            error={Boolean(errorOf(`measurements.${index}.decimals`))}
            helperText={errorOf(`measurements.${index}.decimals`)}
          />
          <IconButton
            aria-label={t('deviceNetwork.types.removeMeasurement', {
              name: nameOf(row.measurementId),
            })}
            onClick={() => rows.remove(index)}
            sx={{ alignSelf: 'center' }}
          >
            ✕
          </IconButton>
        </Stack>
      ))}
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => rows.append({ measurementId: '', decodedPath: '', decimals: '' })}
      >
        {t('deviceNetwork.types.addMeasurement')}
      </Button>

      <Typography component="h2" variant="h6">
        {t('deviceNetwork.types.codec')}
      </Typography>
      <Controller
        control={form.control}
        name="source"
        render={({ field }) => (
          <TextField
            select
            label={t('deviceNetwork.types.source')}
            {...field}
            helperText={t(`deviceNetwork.types.sourceHint.${field.value}`)}
          >
            {SOURCES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`deviceNetwork.types.sources.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {source === 'layout' && (
        <>
          <TextField
            label={t('deviceNetwork.types.frames')}
            multiline
            minRows={8}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            {...form.register('frames')}
            error={Boolean(errorOf('frames')) || fieldErrors.length > 0}
            helperText={errorOf('frames') ?? t('deviceNetwork.types.framesHint')}
          />
          <Button
            variant="text"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() =>
              form.setValue(
                'frames',
                framesTemplate(
                  form
                    .getValues('measurements')
                    .map((m) => m.measurementId)
                    .filter(Boolean),
                ),
              )
            }
          >
            {t('deviceNetwork.types.framesTemplate')}
          </Button>
          {fieldErrors.length > 0 && (
            <Alert severity="error">
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {fieldErrors.map(([path, message]) => (
                  <li key={path}>
                    <code>{path.replace('deviceTypeCodec.frames.', '')}</code>: {message}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
        </>
      )}
      {source === 'javascript' && (
        <>
          <TextField
            label={t('deviceNetwork.types.script')}
            multiline
            minRows={10}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            {...form.register('script')}
            error={Boolean(errorOf('script'))}
            helperText={errorOf('script') ?? t('deviceNetwork.types.scriptHint')}
          />
          <Button
            variant="text"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => form.setValue('script', SCRIPT_TEMPLATE)}
          >
            {t('deviceNetwork.types.scriptTemplate')}
          </Button>
        </>
      )}

      <CodecTestBench
        getValues={form.getValues}
        source={source}
        deviceTypeId={deviceType?.deviceTypeId}
        organizationId={typeOrganization}
      />

      <Typography component="h2" variant="h6">
        {t('deviceNetwork.alarms.title')}
      </Typography>
      <TextField
        label={t('deviceNetwork.alarms.offlineAfter')}
        inputMode="numeric"
        {...form.register('deviceTypeOfflineAfterMinutes')}
        error={Boolean(errorOf('deviceTypeOfflineAfterMinutes'))}
        helperText={
          errorOf('deviceTypeOfflineAfterMinutes') ?? t('deviceNetwork.alarms.offlineAfterHint')
        }
      />
      <TextField
        label={t('deviceNetwork.alarms.delay')}
        inputMode="numeric"
        {...form.register('deviceTypeAlarmDelayMinutes')}
        error={Boolean(errorOf('deviceTypeAlarmDelayMinutes'))}
        helperText={errorOf('deviceTypeAlarmDelayMinutes') ?? t('deviceNetwork.alarms.delayHint')}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {actions}
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? t('deviceNetwork.types.saving') : t('deviceNetwork.types.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
