import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ESCALATION_STEPS_MAX,
  NOTIFY_KINDS,
  type OrganizationNotificationsBody,
  ROLES,
} from '@vahti/domain';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/components/number-field';
import { SelectField } from '@/components/select-field';

/** The organization's escalation steps: alarm kind, minutes after the start, the role reached. */
export function EscalationFields({ form }: { form: UseFormReturn<OrganizationNotificationsBody> }) {
  const { t } = useTranslation();
  const steps = useFieldArray({ control: form.control, name: 'escalation' });
  const full = steps.fields.length >= ESCALATION_STEPS_MAX * NOTIFY_KINDS.length;
  return (
    <Stack
      component="fieldset"
      spacing={2}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="h6" sx={{ px: 1 }}>
        {t('notifications.organization.escalation')}
      </Typography>
      <Typography variant="body2">{t('notifications.organization.escalationIntro')}</Typography>
      {steps.fields.length === 0 && (
        <Typography variant="body2">{t('notifications.organization.noSteps')}</Typography>
      )}
      {steps.fields.map((step, index) => (
        <Stack
          key={step.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <SelectField
            control={form.control}
            name={`escalation.${index}.alarmKind`}
            label={t('notifications.organization.alarmKind')}
            options={NOTIFY_KINDS.map((kind) => ({
              value: kind,
              label: t(`notifications.kind.${kind}`),
            }))}
          />
          <NumberField
            form={form}
            name={`escalation.${index}.afterMinutes`}
            label={t('notifications.organization.afterMinutes')}
          />
          <SelectField
            control={form.control}
            name={`escalation.${index}.role`}
            label={t('notifications.organization.role')}
            options={ROLES.map((role) => ({ value: role, label: role }))}
          />
          <IconButton
            aria-label={t('notifications.organization.removeStep', { n: index + 1 })}
            onClick={() => steps.remove(index)}
            sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Button
        variant="outlined"
        disabled={full}
        onClick={() => steps.append({ alarmKind: 'up', afterMinutes: 30, role: 'Ylläpitäjä' })}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('notifications.organization.addStep')}
      </Button>
    </Stack>
  );
}
