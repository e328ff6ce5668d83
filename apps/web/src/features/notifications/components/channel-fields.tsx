import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  NOTIFY_EVENTS,
  NOTIFY_KINDS,
  type NotificationSettingsBody,
  type NotifyChannel,
} from '@vahti/domain';
import { useId } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '@/components/checkbox-group-field';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { CheckboxField, NumberField } from '@/components/number-field';

const QUIET_DEFAULT = { start: '22:00', end: '07:00' };

/**
 * One channel's settings (e-mail or push) as a fieldset: on/off, targets, alarm kinds, events,
 * quiet hours and, for e-mail, the daily digest and escalation mail.
 */
export function ChannelFields({
  form,
  channel,
  targets,
}: {
  form: UseFormReturn<NotificationSettingsBody>;
  channel: NotifyChannel;
  /** The targets the user may choose among; undefined: no choice (organization defaults). */
  targets?: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const enabled = useWatch({ control: form.control, name: `${channel}.enabled` });
  const allTargets = useWatch({ control: form.control, name: `${channel}.allTargets` });
  const quiet = useWatch({ control: form.control, name: `${channel}.quietHours` });
  const digest = useWatch({ control: form.control, name: 'email.digest' });
  return (
    <Stack
      component="fieldset"
      spacing={2}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="h6" sx={{ px: 1 }}>
        {t(`notifications.channels.${channel}`)}
      </Typography>
      {channel === 'push' && (
        <Typography variant="body2" color="text.secondary">
          {t('notifications.pushNote')}
        </Typography>
      )}
      <CheckboxField form={form} name={`${channel}.enabled`} label={t('notifications.enabled')} />
      {enabled && (
        <>
          {targets && (
            <Controller
              control={form.control}
              name={`${channel}.allTargets`}
              render={({ field }) => (
                <FormControl>
                  <FormLabel id={`${id}-targets`}>{t('notifications.targets')}</FormLabel>
                  <RadioGroup
                    aria-labelledby={`${id}-targets`}
                    name={field.name}
                    value={field.value ? 'all' : 'chosen'}
                    onChange={(event) => field.onChange(event.target.value === 'all')}
                  >
                    <FormControlLabel
                      value="all"
                      control={<Radio />}
                      label={t('notifications.allTargets')}
                    />
                    <FormControlLabel
                      value="chosen"
                      control={<Radio />}
                      label={t('notifications.chosenTargets')}
                    />
                  </RadioGroup>
                </FormControl>
              )}
            />
          )}
          {targets && !allTargets && (
            <CheckboxGroupField
              control={form.control}
              name={`${channel}.targetIds`}
              label={t('notifications.chooseTargets')}
              options={targets.map((target) => ({ value: target.id, label: target.name }))}
            />
          )}
          <CheckboxGroupField
            control={form.control}
            name={`${channel}.kinds`}
            label={t('notifications.kinds')}
            options={NOTIFY_KINDS.map((kind) => ({
              value: kind,
              label: t(`notifications.kind.${kind}`),
            }))}
          />
          <CheckboxGroupField
            control={form.control}
            name={`${channel}.events`}
            label={t('notifications.events')}
            options={NOTIFY_EVENTS.map((event) => ({
              value: event,
              label: t(`notifications.event.${event}`),
            }))}
          />
          <Controller
            control={form.control}
            name={`${channel}.quietHours`}
            render={({ field }) => (
              <FormControlLabel
                label={t('notifications.quietHours')}
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value !== null}
                    onChange={(event) =>
                      field.onChange(event.target.checked ? QUIET_DEFAULT : null)
                    }
                    slotProps={{ input: { 'aria-describedby': `${id}-quiet` } }}
                  />
                }
              />
            )}
          />
          <Typography id={`${id}-quiet`} variant="body2" color="text.secondary" sx={{ mt: 0 }}>
            {t('notifications.quietHoursHelp')}
          </Typography>
          {quiet && (
            <Stack direction="row" spacing={2}>
              <FormTextField
                {...fieldProps(form, `${channel}.quietHours.start`)}
                label={t('notifications.quietStart')}
                inputProps={{ inputMode: 'numeric' }}
                autoComplete="off"
              />
              <FormTextField
                {...fieldProps(form, `${channel}.quietHours.end`)}
                label={t('notifications.quietEnd')}
                inputProps={{ inputMode: 'numeric' }}
                autoComplete="off"
              />
            </Stack>
          )}
          {channel === 'email' && (
            <>
              <CheckboxField form={form} name="email.digest" label={t('notifications.digest')} />
              {digest && (
                <NumberField
                  form={form}
                  name="email.digestHour"
                  label={t('notifications.digestHour')}
                />
              )}
              <CheckboxField
                form={form}
                name="email.escalations"
                label={t('notifications.escalations')}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
