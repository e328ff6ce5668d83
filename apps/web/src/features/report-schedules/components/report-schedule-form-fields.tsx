import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import {
  LAST_DAY_OF_MONTH,
  type ReportScheduleBody,
  type ReportScheduleBodyInput,
} from '@vahti/domain';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationTargets } from '@/api/get-organization-targets';
import { useTargetNames } from '@/api/get-target-names';
import { MultiSelectField } from '@/components/multi-select-field';
import { SelectField } from '@/components/select-field';
import { useCan } from '@/lib/session';
import { useMeasurementsOfTargets } from '../api/get-measurements-of-targets';
import { useReportScheduleRecipients } from '../api/get-report-schedule-recipients';

export type ReportScheduleForm = UseFormReturn<
  ReportScheduleBodyInput,
  unknown,
  ReportScheduleBody
>;

const ALL = 'all';
const numberOrNull = (option: string) => (option === '' ? null : Number(option));
const shown = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * A schedule's fields: target (or every target) of the organization, measurement, weekly or
 * monthly with its day, hour, recipients (users who see the targets), enabled.
 */
export function ReportScheduleFormFields({
  form,
  organizationId,
}: {
  form: ReportScheduleForm;
  organizationId: string;
}) {
  const { t } = useTranslation();
  const { control } = form;
  const [targetId, frequency] = useWatch({ control, name: ['targetId', 'frequency'] });
  // The top administrator's targets span organizations: the chosen one's (an administrator's
  // call); anyone else sees only their own organization's.
  const topAdmin = useCan({ do: 'crossOrganizations' });
  const ofOrganization = useOrganizationTargets(topAdmin ? organizationId : null);
  const names = useTargetNames({ enabled: !topAdmin });
  const targets = topAdmin
    ? (ofOrganization.data ?? []).map((target) => ({
        id: target.targetId,
        name: target.targetName,
      }))
    : (names.data ?? []).map((target) => ({ id: target.id, name: target.targetName }));
  const measurements = useMeasurementsOfTargets(
    targetId ? [targetId] : targets.map((target) => target.id),
  );
  const recipients = useReportScheduleRecipients(organizationId, targetId ?? null);

  return (
    <Stack spacing={3}>
      <SelectField
        control={control}
        name="targetId"
        label={t('reportSchedules.target')}
        required
        options={[
          { value: ALL, label: t('reportSchedules.allTargets') },
          ...targets.map((target) => ({ value: target.id, label: target.name })),
        ]}
        parse={(option) => (option === ALL ? null : option)}
        format={(value) => (value === null || value === undefined ? ALL : String(value))}
      />
      <SelectField
        control={control}
        name="measurementId"
        label={t('reportSchedules.measurement')}
        required
        options={(measurements.data ?? []).map((m) => ({
          value: m.measurementID,
          label: m.measurementName,
        }))}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectField
          control={control}
          name="frequency"
          label={t('reportSchedules.frequency')}
          required
          options={(['weekly', 'monthly'] as const).map((value) => ({
            value,
            label: t(`reportSchedules.frequencies.${value}`),
          }))}
        />
        {frequency === 'weekly' ? (
          <SelectField
            control={control}
            name="weekday"
            label={t('reportSchedules.weekday')}
            required
            options={(['1', '2', '3', '4', '5', '6', '7'] as const).map((value) => ({
              value,
              label: t(`reportSchedules.weekdays.${value}`),
            }))}
            parse={numberOrNull}
            format={shown}
          />
        ) : (
          <SelectField
            control={control}
            name="monthDay"
            label={t('reportSchedules.monthDay')}
            required
            helperText={t('reportSchedules.monthDayHint')}
            options={[
              ...Array.from({ length: 31 }, (_, i) => ({
                value: String(i + 1),
                label: `${i + 1}.`,
              })),
              { value: LAST_DAY_OF_MONTH, label: t('reportSchedules.lastDay') },
            ]}
            parse={(option) => (option === LAST_DAY_OF_MONTH ? option : numberOrNull(option))}
            format={shown}
          />
        )}
        <SelectField
          control={control}
          name="hour"
          label={t('reportSchedules.hour')}
          required
          options={Array.from({ length: 24 }, (_, hour) => ({
            value: String(hour),
            label: t('reportSchedules.hourValue', { hour }),
          }))}
          parse={numberOrNull}
          format={shown}
        />
      </Stack>
      <MultiSelectField
        control={control}
        name="recipients"
        label={t('reportSchedules.recipients')}
        required
        loading={recipients.isPending}
        helperText={t('reportSchedules.recipientsHint')}
        options={(recipients.data ?? []).map((user) => ({
          value: user.userId,
          label: `${user.name} (${user.email})`,
        }))}
      />
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={t('reportSchedules.enabled')}
          />
        )}
      />
    </Stack>
  );
}
