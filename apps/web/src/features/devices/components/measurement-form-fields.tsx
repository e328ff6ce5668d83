import {
  BYTE_ORDERS,
  type CreateMeasurementBody,
  MEASUREMENT_QUANTITIES,
  MEASUREMENT_TYPES,
  type MeasurementRecord,
  PLAUSIBLE_RANGES,
  STATES,
} from '@vahti/domain';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { CheckboxField, NumberField } from '@/components/number-field';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';

export type MeasurementFormValues = CreateMeasurementBody;

export const emptyMeasurement = (): MeasurementFormValues => ({
  measurementName: '',
  measurementType: 'byte',
  measurementSizeInBytes: 1,
  measurementBitNumber: 1,
  measurementState: 'Aktiivinen',
  measurementDescription: '',
  measurementMinDefault: null,
  measurementMaxDefault: null,
  measurementSigned: false,
  measurementScale: 1,
  measurementOffset: 0,
  measurementUnit: '',
  measurementByteOrder: 'big',
  measurementQuantity: 'other',
  ...PLAUSIBLE_RANGES.other,
});

export function measurementFormValues(m: MeasurementRecord): MeasurementFormValues {
  const { measurementId: _, measurementID: __, organizationId: ___, ...values } = m;
  return { ...values, measurementDescription: m.measurementDescription ?? '' };
}

/** The measurement form (spec 001 §5 plus the decoder's fields), for add and edit. */
export function MeasurementFormFields({ form }: { form: UseFormReturn<MeasurementFormValues> }) {
  const { t } = useTranslation();
  const optional = t('devices.measurements.optional');
  // Picking a quantity fills in its physical bounds; they stay editable afterwards.
  useEffect(() => {
    const { unsubscribe } = form.watch((values, { name }) => {
      if (name !== 'measurementQuantity' || !values.measurementQuantity) return;
      const bounds = PLAUSIBLE_RANGES[values.measurementQuantity];
      form.setValue('measurementValidMin', bounds.measurementValidMin, { shouldDirty: true });
      form.setValue('measurementValidMax', bounds.measurementValidMax, { shouldDirty: true });
    });
    return unsubscribe;
  }, [form]);
  return (
    <>
      <FormTextField
        {...fieldProps(form, 'measurementName')}
        label={t('devices.measurements.name')}
        autoComplete="off"
        required
      />
      <SelectField
        control={form.control}
        name="measurementQuantity"
        label={t('devices.measurements.quantity')}
        options={MEASUREMENT_QUANTITIES.map((quantity) => ({
          value: quantity,
          label: t(`devices.measurements.quantities.${quantity}`),
        }))}
      />
      <SelectField
        control={form.control}
        name="measurementType"
        label={t('devices.measurements.type')}
        options={MEASUREMENT_TYPES.map((type) => ({
          value: type,
          label: t(`devices.measurements.types.${type}`),
        }))}
      />
      <NumberField
        form={form}
        name="measurementSizeInBytes"
        label={t('devices.measurements.sizeInBytes')}
        required
      />
      <NumberField
        form={form}
        name="measurementBitNumber"
        label={t('devices.measurements.bitNumber')}
        hint="1–8"
        required
      />
      <SelectField
        control={form.control}
        name="measurementState"
        label={t('devices.measurements.state')}
        options={STATES.map((state) => ({ value: state, label: t(`recordStates.${state}`) }))}
      />
      <NumberField
        form={form}
        name="measurementMinDefault"
        label={t('devices.measurements.minDefault')}
        nullable
        decimal
        hint={optional}
      />
      <NumberField
        form={form}
        name="measurementMaxDefault"
        label={t('devices.measurements.maxDefault')}
        nullable
        decimal
        hint={optional}
      />
      <NumberField
        form={form}
        name="measurementValidMin"
        label={t('devices.measurements.validMin')}
        nullable
        decimal
        hint={t('devices.measurements.validHint')}
      />
      <NumberField
        form={form}
        name="measurementValidMax"
        label={t('devices.measurements.validMax')}
        nullable
        decimal
        hint={t('devices.measurements.validHint')}
      />
      <FormTextField
        {...fieldProps(form, 'measurementUnit')}
        label={t('devices.measurements.unit')}
        autoComplete="off"
        hint={optional}
      />
      <NumberField
        form={form}
        name="measurementScale"
        label={t('devices.measurements.scale')}
        decimal
        hint={t('devices.measurements.decoderHint')}
      />
      <NumberField
        form={form}
        name="measurementOffset"
        label={t('devices.measurements.offset')}
        decimal
      />
      <SelectField
        control={form.control}
        name="measurementByteOrder"
        label={t('devices.measurements.byteOrder')}
        options={BYTE_ORDERS.map((order) => ({
          value: order,
          label: t(`devices.measurements.byteOrders.${order}`),
        }))}
      />
      <CheckboxField
        form={form}
        name="measurementSigned"
        label={t('devices.measurements.signed')}
      />
      <TextAreaField
        form={form}
        name="measurementDescription"
        label={t('devices.measurements.description')}
      />
    </>
  );
}
