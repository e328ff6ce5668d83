import { STATES, type State } from '@vahti/domain';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MultiSelectField } from '@/components/multi-select-field';
import { SelectField } from '@/components/select-field';

/** What both the add form and the edit dialog of a user-device link hold of it. */
interface Choice {
  measurementIds: string[];
  measurementsState: State;
}

/** Which of the device's measurements the user sees, and the link's state. */
export function UserDeviceChoiceFields<T extends FieldValues & Choice>({
  control,
  measurements,
}: {
  control: Control<T>;
  measurements: readonly { measurementId: string; measurementName: string }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <MultiSelectField
        control={control}
        name={'measurementIds' as Path<T>}
        label={t('devices.userDevices.measurements')}
        options={measurements.map((m) => ({ value: m.measurementId, label: m.measurementName }))}
        required
      />
      <SelectField
        control={control}
        name={'measurementsState' as Path<T>}
        label={t('devices.devices.state')}
        options={STATES.map((state) => ({
          value: state,
          label: t(`devices.devices.states.${state}`),
        }))}
        required
      />
    </>
  );
}
