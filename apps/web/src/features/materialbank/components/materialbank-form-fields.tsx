import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  id,
  MATERIALBANK_DEFAULT_MAX_FILE_MB,
  materialbankFileFields,
  msg,
  ROLES,
  STATES,
} from '@vahti/domain';
import { useEffect, useId, useRef } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useOrganizations } from '@/api/get-organizations';
import { useTargets } from '@/api/get-targets';
import { AlertMessage } from '@/components/alert-message';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { MultiSelectField } from '@/components/multi-select-field';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { errorText } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useCan, useSession } from '@/lib/session';
import { useMaterialbankApplications } from '../api/get-applications';

/** The fields the add form and the edit dialog share, as the form holds them (lists, strings). */
const detailFields = {
  title: materialbankFileFields.title,
  targets: z.array(id()).min(1, { error: msg('required') }),
  permissions: z.array(z.enum(ROLES)).min(1, { error: msg('required') }),
  applications: z.array(z.string()).min(1, { error: msg('required') }),
  state: materialbankFileFields.state,
  info: materialbankFileFields.info,
};

/**
 * What both forms hold: the details, and the add form's organization (Pääylläpitäjä) and file
 * (none until chosen). The fields below serve both; each form's schema checks its own.
 */
export type MaterialbankFormValues = z.input<z.ZodObject<typeof detailFields>> & {
  organizationId?: string;
  file?: File | null;
};

export const editFormSchema = z.custom<MaterialbankFormValues>().pipe(z.object(detailFields));

/** The add form: the details, the organization (Pääylläpitäjä) and the file. */
export const addFormSchema = z.custom<MaterialbankFormValues>().pipe(
  z.object({
    ...detailFields,
    organizationId: z.string().optional(),
    file: z.custom<File>((value) => value instanceof File, {
      error: 'validation.materialbank.fileRequired',
    }),
  }),
);
export type AddFormOutput = z.output<typeof addFormSchema>;

interface MaterialbankFormFieldsProps {
  // Both forms share these fields; the add form has more.
  form: UseFormReturn<MaterialbankFormValues>;
  /** The organization whose targets are offered (the file's own, when editing). */
  organizationId: string | undefined;
  /** The add form: the organization selector (Pääylläpitäjä) and the file picker. */
  adding?: boolean;
}

/** The material bank form's fields (spec 001 §2, §5). */
export function MaterialbankFormFields({
  form,
  organizationId,
  adding = false,
}: MaterialbankFormFieldsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesOrganization = useCan({ do: 'crossOrganizations' }) && adding;
  const organizations = useOrganizations({ enabled: choosesOrganization });
  const targets = useTargets();
  const applications = useMaterialbankApplications();
  const chosen = useWatch({ control: form.control, name: 'organizationId' });
  const targetOrganization = (adding && chosen) || organizationId || user?.userOrganization;

  // Targets belong to one organization: another choice of organization clears the chosen ones.
  const shownOrganization = useRef(targetOrganization);
  useEffect(() => {
    if (shownOrganization.current === targetOrganization) return;
    shownOrganization.current = targetOrganization;
    form.setValue('targets', [], { shouldDirty: true });
  }, [targetOrganization, form]);

  const targetOptions = (targets.data ?? [])
    .filter((target) => target.targetOrganizationId === targetOrganization)
    .map((target) => ({ value: target.targetId, label: target.targetName }));
  const roleOptions = ROLES.map((role) => ({
    value: role,
    label: t(`materialbank.roles.${role}`),
  }));
  const applicationOptions = (applications.data ?? []).map((application) => ({
    value: String(application.applicationId),
    label: application.applicationName,
  }));
  const stateOptions = STATES.map((state) => ({ value: state, label: t(`recordStates.${state}`) }));
  const organizationOptions = organizations.data?.map((organization) => ({
    value: organization.organizationId,
    label: organization.organizationName,
  })) ?? [
    { value: user?.userOrganization ?? '', label: user?.Organization.organizationName ?? '' },
  ];
  const loadError =
    errorText(targets.error) ?? errorText(applications.error) ?? errorText(organizations.error);

  return (
    <>
      <AlertMessage message={loadError} />
      <FormTextField
        {...fieldProps(form, 'title')}
        label={t('materialbank.title')}
        autoComplete="off"
        required
      />
      {choosesOrganization && (
        <SelectField
          control={form.control}
          name="organizationId"
          label={t('materialbank.organization')}
          options={organizationOptions}
          required
        />
      )}
      <MultiSelectField
        control={form.control}
        name="targets"
        label={t('materialbank.targets')}
        options={targetOptions}
        loading={targets.isPending}
        required
      />
      <MultiSelectField
        control={form.control}
        name="permissions"
        label={t('materialbank.permissions')}
        options={roleOptions}
        required
      />
      <MultiSelectField
        control={form.control}
        name="applications"
        label={t('materialbank.applications')}
        options={applicationOptions}
        loading={applications.isPending}
        required
      />
      {adding && <FilePicker form={form} />}
      <SelectField
        control={form.control}
        name="state"
        label={t('materialbank.state')}
        options={stateOptions}
        required
      />
      <TextAreaField form={form} name="info" label={t('materialbank.info')} />
    </>
  );
}

/** A button that opens the file chooser, the chosen name beside it, the message below. */
function FilePicker({ form }: { form: UseFormReturn<MaterialbankFormValues> }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const helperId = useId();
  return (
    <Controller
      control={form.control}
      name="file"
      render={({ field, fieldState }) => {
        const file = field.value instanceof File ? field.value : null;
        const message = translateMessage(fieldState.error?.message);
        return (
          <Box>
            <Typography component="p" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('materialbank.file')} *
            </Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Button
                ref={field.ref}
                variant="outlined"
                onClick={() => inputRef.current?.click()}
                aria-describedby={`${nameId} ${helperId}`}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('materialbank.chooseFile')}
              </Button>
              {/* The native chooser, opened by the button; hidden, and out of the tab order. */}
              <input
                ref={inputRef}
                type="file"
                tabIndex={-1}
                aria-label={t('materialbank.file')}
                aria-invalid={Boolean(message)}
                accept="application/pdf,image/jpeg,.pdf,.jpg,.jpeg"
                onChange={(event) => {
                  field.onChange(event.target.files?.[0] ?? null);
                  field.onBlur();
                }}
                style={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  opacity: 0,
                  overflow: 'hidden',
                }}
              />
              <Typography id={nameId} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {file ? file.name : t('materialbank.noFileChosen')}
              </Typography>
            </Stack>
            <FormHelperText id={helperId} error={Boolean(message)}>
              {message || t('materialbank.fileHint', { max: MATERIALBANK_DEFAULT_MAX_FILE_MB })}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}
