import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type CreateDeviceBody,
  type DeviceRecord,
  type DeviceTypeRecord,
  STATES,
} from '@vahti/domain';
import { useEffect, useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ZodType, z } from 'zod';
import { useOrganizationTargets } from '@/api/get-organization-targets';
import { useOrganizations } from '@/api/get-organizations';
import { useTargets } from '@/api/get-targets';
import { AlertMessage } from '@/components/alert-message';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { NumberField } from '@/components/number-field';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { errorText } from '@/lib/api-client';
import { measurementLabel } from '@/lib/measurement-label';
import { useCan, useSession } from '@/lib/session';
import { useDeviceTypes } from '../api/get-device-types';

/** A min/max row as the form holds it: a field left empty is undefined until the schema asks. */
interface LimitRow {
  measurementId: string;
  lowLimit: number | undefined;
  highLimit: number | undefined;
}

/**
 * The device form's values as the form holds them: the fields of POST /api/device, coordinates
 * and limits empty until typed (deviceText is the edit dialog's). The add form and the edit dialog
 * both hold these, so the fields below serve both; each form's schema checks its own.
 */
export type DeviceFormValues = Omit<CreateDeviceBody, 'alarmLimits' | 'deviceGeoInfo'> & {
  alarmLimits?: LimitRow[];
  deviceGeoInfo: Partial<CreateDeviceBody['deviceGeoInfo']>;
};

/** A device schema (the add form's or the edit dialog's) over what the form holds. */
export const deviceForm = <TOutput,>(schema: ZodType<TOutput, DeviceFormValues>) =>
  z.custom<DeviceFormValues>().pipe(schema);

export function emptyDevice(qrCode: string, organizationId: string | undefined): DeviceFormValues {
  return {
    deviceQrCode: qrCode,
    deviceName: '',
    deviceTypeId: '',
    deviceEui: '',
    deviceSerialNumber: '',
    deviceComissioiningDay: new Date().toISOString().slice(0, 10),
    deviceLocation: '',
    // Empty until typed: the schema asks for them ('Pakollinen kenttä').
    deviceGeoInfo: {},
    deviceSwVersion: '',
    deviceProductCode: '',
    deviceOrganizationId: organizationId,
    deviceTargetId: '',
    deviceState: 'Aktiivinen',
    deviceDescription: '',
    alarmLimits: [],
  };
}

/** A saved device as the edit dialog starts from it. */
export function deviceFormValues(device: DeviceRecord): DeviceFormValues {
  return {
    deviceQrCode: device.deviceQrCode,
    deviceName: device.deviceName,
    deviceTypeId: device.deviceTypeId,
    deviceEui: device.deviceEui,
    deviceSerialNumber: device.deviceSerialNumber,
    deviceComissioiningDay: device.deviceComissioiningDay,
    deviceLocation: device.deviceLocation,
    deviceGeoInfo: device.deviceGeoInfo,
    deviceSwVersion: device.deviceSwVersion,
    deviceProductCode: device.deviceProductCode,
    deviceTargetId: device.deviceTargetId,
    deviceState: device.deviceState,
    deviceDescription: device.deviceDescription ?? '',
    deviceText: '',
  };
}

const unitOf = (m: DeviceTypeRecord['Measurements'][number]) => measurementLabel(m);

interface DeviceFormFieldsProps {
  // Both the add form and the edit dialog: the fields they share are typed alike.
  form: UseFormReturn<DeviceFormValues>;
  mode: 'add' | 'edit';
  /** The edit dialog's device: its organization's targets and types are offered. */
  organizationId?: string;
}

/**
 * The device form (spec 001 §3, §5). The add form also asks min and max for every measurement of
 * the chosen type, starting from the type's defaults; they become the device's alarm limits.
 */
export function DeviceFormFields({
  form,
  mode,
  organizationId: fixedOrganization,
}: DeviceFormFieldsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' }) && mode === 'add';
  const organizations = useOrganizations({ enabled: choosesOrganization });
  const chosenOrganization = useWatch({ control: form.control, name: 'deviceOrganizationId' });
  const organizationId = fixedOrganization ?? (chosenOrganization || user?.userOrganization);
  const crosses = useCan({ do: 'crossOrganizations' });
  const ownTargets = useTargets();
  const organizationTargets = useOrganizationTargets(crosses ? organizationId : null);
  const targets = crosses ? organizationTargets : ownTargets;
  const deviceTypes = useDeviceTypes();
  const typeId = useWatch({ control: form.control, name: 'deviceTypeId' });

  const types = (deviceTypes.data ?? []).filter((type) => type.organizationId === organizationId);
  const chosenType = types.find((type) => type.deviceTypeId === typeId);

  // A new type: one min/max row per measurement, starting from the measurement's defaults.
  const shownType = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (mode !== 'add' || !chosenType || shownType.current === chosenType.deviceTypeId) return;
    shownType.current = chosenType.deviceTypeId;
    form.setValue(
      'alarmLimits',
      chosenType.Measurements.map((m) => ({
        measurementId: m.measurementId,
        lowLimit: m.measurementMinDefault ?? undefined,
        highLimit: m.measurementMaxDefault ?? undefined,
      })),
    );
  }, [chosenType, form, mode]);

  // Another organization: its targets and types; earlier choices go.
  const shownOrganization = useRef(organizationId);
  useEffect(() => {
    if (shownOrganization.current === organizationId) return;
    shownOrganization.current = organizationId;
    form.setValue('deviceTargetId', '');
    form.setValue('deviceTypeId', '');
    form.setValue('alarmLimits', []);
  }, [organizationId, form]);

  const organizationOptions = organizations.data?.map((o) => ({
    value: o.organizationId,
    label: o.organizationName,
  })) ?? [
    { value: user?.userOrganization ?? '', label: user?.Organization.organizationName ?? '' },
  ];
  const targetOptions = (targets.data ?? [])
    .filter((target) => target.targetOrganizationId === organizationId)
    .map((target) => ({ value: target.targetId, label: target.targetName }));
  const typeOptions = types.map((type) => ({
    value: type.deviceTypeId,
    label: type.deviceTypeName,
  }));
  const loadError =
    errorText(organizations.error) ?? errorText(targets.error) ?? errorText(deviceTypes.error);

  return (
    <>
      <AlertMessage message={loadError} />
      <FormTextField
        {...fieldProps(form, 'deviceQrCode')}
        label={t('devices.devices.qrCode')}
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'deviceName')}
        label={t('devices.devices.name')}
        autoComplete="off"
        required
      />
      {choosesOrganization ? (
        <SelectField
          control={form.control}
          name="deviceOrganizationId"
          label={t('devices.devices.organization')}
          options={organizationOptions}
          required
        />
      ) : null}
      <SelectField
        control={form.control}
        name="deviceTargetId"
        label={t('devices.devices.target')}
        options={targetOptions}
        required
      />
      <SelectField
        control={form.control}
        name="deviceTypeId"
        label={t('devices.devices.type')}
        options={typeOptions}
        required
      />
      <FormTextField
        {...fieldProps(form, 'deviceEui')}
        label={t('devices.devices.eui')}
        hint={t('devices.devices.euiHint')}
        autoComplete="off"
        inputProps={{ spellCheck: false, autoCapitalize: 'characters' }}
        required
      />
      <FormTextField
        {...fieldProps(form, 'deviceSerialNumber')}
        label={t('devices.devices.serialNumber')}
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'deviceComissioiningDay')}
        type="date"
        label={t('devices.devices.commissioningDay')}
        required
      />
      <FormTextField
        {...fieldProps(form, 'deviceLocation')}
        label={t('devices.devices.location')}
        autoComplete="off"
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberField
          form={form}
          name="deviceGeoInfo.latitude"
          label={t('devices.devices.latitude')}
          decimal
          required
        />
        <NumberField
          form={form}
          name="deviceGeoInfo.longitude"
          label={t('devices.devices.longitude')}
          decimal
          required
        />
      </Stack>
      <FormTextField
        {...fieldProps(form, 'deviceSwVersion')}
        label={t('devices.devices.swVersion')}
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'deviceProductCode')}
        label={t('devices.devices.productCode')}
        autoComplete="off"
        required
      />
      <SelectField
        control={form.control}
        name="deviceState"
        label={t('devices.devices.state')}
        options={STATES.map((state) => ({
          value: state,
          label: t(`devices.devices.states.${state}`),
        }))}
        required
      />
      <TextAreaField
        form={form}
        name="deviceDescription"
        label={t('devices.devices.description')}
      />
      {mode === 'add' ? (
        <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
            {t('devices.devices.limitsHeading')}
          </Typography>
          <Typography color="text.secondary">
            {chosenType ? t('devices.devices.limitsIntro') : t('devices.devices.chooseType')}
          </Typography>
          {chosenType?.Measurements.map((m, index) => (
            <Stack key={m.measurementId} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NumberField
                form={form}
                name={`alarmLimits.${index}.lowLimit`}
                label={t('devices.devices.min', { name: unitOf(m) })}
                decimal
                required
              />
              <NumberField
                form={form}
                name={`alarmLimits.${index}.highLimit`}
                label={t('devices.devices.max', { name: unitOf(m) })}
                decimal
                required
              />
            </Stack>
          ))}
        </Stack>
      ) : null}
      <FormTextField
        {...fieldProps(form, 'deviceText')}
        label={t('devices.devices.deviceText')}
        hint={t('devices.devices.deviceTextHint')}
        autoComplete="off"
        required={mode === 'edit'}
      />
    </>
  );
}
