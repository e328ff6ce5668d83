import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import {
  type AlarmRecord,
  COMMENT_MAX_LENGTH,
  alarmNoticeFields as fields,
  NOTICE_SURVEY_DAYS_DEFAULT,
  optionalText,
  withNoticeChoice,
} from '@vahti/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotifyResidents } from '@/api/notify-residents';
import { EditDialog } from '@/components/edit-dialog';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { CheckboxField, NumberField } from '@/components/number-field';
import { TextAreaField } from '@/components/text-area-field';
import { formatDateTime } from '@/lib/dates';
import { translateMessage } from '@/lib/i18n';
import { formatMeasurementValue } from '@/lib/numbers';
import { randomId } from '@/lib/random-id';
import { useMutationForm } from '@/lib/use-mutation-form';

const ACTION_MAX = 1000;

/** The dialog's fields: the notice in two parts, what was measured and what is being done. */
const noticeForm = withNoticeChoice(
  fields.pick({ discussionTitle: true, discussion: true, survey: true, surveyDays: true }).extend({
    measured: fields.shape.discussionDescription,
    action: optionalText(ACTION_MAX, true),
  }),
);

/** Whether staff may tell residents of the alarm: a measurement's limit was crossed. */
export const isNoticeable = (alarm: AlarmRecord) =>
  alarm.alarmBreakThrough === 'up' || alarm.alarmBreakThrough === 'down';

/**
 * "Tiedota asukkaille" (issue 29): the notice prefilled from the alarm in the user's language
 * (what was measured, its limit, when, where; what is being done left to write), published to the
 * target's discussions and/or sent as the follow-up survey "Miltä sisäilma tuntuu nyt?". One key
 * per opened dialog: a double click sends once.
 */
export function AlarmNoticeDialog({
  alarm,
  onClose,
  onDone,
}: {
  alarm: AlarmRecord;
  onClose: () => void;
  /** Sent: the alarm with its new timeline entry, and the answer's message. */
  onDone: (alarm: AlarmRecord, message: string) => void;
}) {
  const { t } = useTranslation();
  const [key] = useState(randomId);
  const notify = useNotifyResidents();
  const unit = alarm.measurementUnit;
  const facts = {
    device: alarm.Device.deviceName,
    target: alarm.Device.Target.targetName,
    measurement: alarm.measurementName,
    direction: t(`alarmNotice.directions.${alarm.alarmBreakThrough === 'down' ? 'down' : 'up'}`),
    time: formatDateTime(alarm.createdAt),
    value: `${formatMeasurementValue(alarm.value)} ${unit}`.trim(),
    limit: `${formatMeasurementValue(alarm.limitValue)} ${unit}`.trim(),
  };
  const { form, feedback, submit, pending } = useMutationForm({
    schema: noticeForm,
    defaultValues: {
      discussionTitle: t('alarmNotice.prefilledTitle', facts),
      measured: t(
        `alarmNotice.prefilledText.${alarm.alarmBreakThrough === 'down' ? 'down' : 'up'}`,
        facts,
      ),
      action: '',
      discussion: true,
      survey: true,
      surveyDays: NOTICE_SURVEY_DAYS_DEFAULT,
    },
    mutation: notify,
    toVariables: ({ measured, action, ...values }) => ({
      ...values,
      id: alarm.id,
      key,
      discussionDescription: action
        ? `${measured}\n\n${t('alarmNotice.action')}: ${action}`
        : measured,
    }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: (response) => onDone(response.alarm, response.message),
  });
  const choiceError = translateMessage(form.formState.errors.discussion?.message);
  const choiceId = useId();
  return (
    <EditDialog
      open
      title={t('alarmNotice.title')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
      submitLabel={t('alarmNotice.send')}
    >
      <FormTextField
        label={t('alarmNotice.noticeTitle')}
        required
        {...fieldProps(form, 'discussionTitle')}
      />
      <TextAreaField
        form={form}
        name="measured"
        label={t('alarmNotice.measured')}
        maxLength={COMMENT_MAX_LENGTH}
        required
      />
      <TextAreaField
        form={form}
        name="action"
        label={t('alarmNotice.action')}
        maxLength={ACTION_MAX}
      />
      <FormControl
        component="fieldset"
        error={Boolean(choiceError)}
        aria-describedby={choiceError ? choiceId : undefined}
      >
        <Stack>
          <CheckboxField form={form} name="discussion" label={t('alarmNotice.discussion')} />
          <CheckboxField form={form} name="survey" label={t('alarmNotice.survey')} />
        </Stack>
        {choiceError && <FormHelperText id={choiceId}>{choiceError}</FormHelperText>}
      </FormControl>
      {/* Always shown: a hidden field's error would block sending without a word. */}
      <NumberField form={form} name="surveyDays" label={t('alarmNotice.surveyDays')} required />
    </EditDialog>
  );
}

/** The discussion and survey an alarm's notice made, as links (timeline and device page). */
export function AlarmNoticeLinks({
  entry,
}: {
  entry: Pick<AlarmRecord['timeline'][number], 'discussionId' | 'queryId'>;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="span" direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {entry.discussionId && (
        <Link
          component={RouterLink}
          to={`/tieto/current-discussions?${new URLSearchParams({ discussionId: entry.discussionId })}`}
        >
          {t('alarmNotice.openDiscussion')}
        </Link>
      )}
      {entry.queryId && (
        <Link
          component={RouterLink}
          to={`/tieto/show-survey-results?${new URLSearchParams({ queryId: entry.queryId })}`}
        >
          {t('alarmNotice.openResults')}
        </Link>
      )}
    </Stack>
  );
}
