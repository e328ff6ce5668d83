import {
  type ReportScheduleBodyInput,
  type ReportScheduleRecord,
  reportScheduleBody,
} from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useSaveReportSchedule } from '../api/save-report-schedule';
import { ReportScheduleFormFields } from './report-schedule-form-fields';

/** A new schedule: monthly on the 1st at 7, every target, enabled. */
const emptySchedule = (organizationId: string): ReportScheduleBodyInput => ({
  organizationId,
  targetId: null,
  measurementId: '',
  frequency: 'monthly',
  weekday: 1,
  monthDay: 1,
  hour: 7,
  recipients: [],
  enabled: true,
});

const valuesOf = (schedule: ReportScheduleRecord): ReportScheduleBodyInput => ({
  organizationId: schedule.organizationId,
  targetId: schedule.targetId,
  measurementId: schedule.measurementId,
  frequency: schedule.frequency,
  weekday: schedule.weekday ?? 1,
  monthDay: schedule.monthDay ?? 1,
  hour: schedule.hour,
  recipients: schedule.recipients.map((r) => r.userId),
  enabled: schedule.enabled,
});

interface ReportScheduleDialogProps {
  /** The schedule edited; none: a new one of `organizationId`. */
  schedule?: ReportScheduleRecord;
  organizationId: string;
  /** Whether the body names the organization (the top administrator's calls). */
  namesOrganization: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Adds a schedule or edits one: the same form in the list's edit dialog. */
export function ReportScheduleDialog({
  schedule,
  organizationId,
  namesOrganization,
  onClose,
  onSaved,
}: ReportScheduleDialogProps) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: reportScheduleBody,
    defaultValues: schedule ? valuesOf(schedule) : emptySchedule(organizationId),
    mutation: useSaveReportSchedule(),
    toVariables: (values) => ({
      ...values,
      organizationId: namesOrganization && !schedule ? organizationId : undefined,
      id: schedule?.id,
    }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });

  return (
    <EditDialog
      open
      title={t(schedule ? 'reportSchedules.editTitle' : 'reportSchedules.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <ReportScheduleFormFields form={form} organizationId={organizationId} />
    </EditDialog>
  );
}
