import { STATES } from '@vahti/domain';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';

/** Aktiivinen / Passiivinen (spec 001 §4). */
export function StateSelect<T extends FieldValues>({
  form,
  name,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      control={form.control}
      name={name}
      label={t('surveys.state')}
      required
      options={STATES.map((state) => ({ value: state, label: t(`recordStates.${state}`) }))}
    />
  );
}
