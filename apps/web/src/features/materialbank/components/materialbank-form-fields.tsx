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
import { useEffect, useId, useRef, useState } from 'react';
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
  /** The add form's files: one or several, each uploaded as a file of its own. */
  files?: File[];
};

export const editFormSchema = z.custom<MaterialbankFormValues>().pipe(z.object(detailFields));

/** The add form: the details, the organization (Pääylläpitäjä) and the files. */
export const addFormSchema = z.custom<MaterialbankFormValues>().pipe(
  z.object({
    ...detailFields,
    organizationId: z.string().optional(),
    files: z
      .array(
        z.custom<File>((value) => value instanceof File),
        {
          error: 'validation.materialbank.fileRequired',
        },
      )
      .min(1, { error: 'validation.materialbank.fileRequired' }),
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

/**
 * The files: a drop zone that takes several files dragged onto it, and a button that opens the
 * file chooser (several may be picked); the chosen names below, the message under them.
 */
function FilePicker({ form }: { form: UseFormReturn<MaterialbankFormValues> }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const helperId = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <Controller
      control={form.control}
      name="files"
      render={({ field, fieldState }) => {
        const files: File[] = Array.isArray(field.value) ? field.value : [];
        const message = translateMessage(fieldState.error?.message);
        const choose = (chosen: FileList | null | undefined) => {
          if (!chosen || chosen.length === 0) return;
          field.onChange([...files, ...Array.from(chosen)]);
          field.onBlur();
        };
        return (
          <Box>
            <Typography component="p" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('materialbank.files')} *
            </Typography>
            <Box
              data-testid="materialbank-drop-zone"
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(event) => {
                event.preventDefault();
                setDragging(false);
                choose(event.dataTransfer.files);
              }}
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: dragging ? 'primary.main' : message ? 'error.main' : 'divider',
                borderRadius: 1,
                p: 2,
                bgcolor: dragging ? 'action.hover' : undefined,
              }}
            >
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
                  {t('materialbank.chooseFiles')}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {t('materialbank.dropHint')}
                </Typography>
              </Stack>
              {/* The native chooser, opened by the button; hidden, and out of the tab order. */}
              <input
                ref={inputRef}
                type="file"
                multiple
                tabIndex={-1}
                aria-label={t('materialbank.files')}
                aria-invalid={Boolean(message)}
                accept="application/pdf,image/jpeg,.pdf,.jpg,.jpeg"
                onChange={(event) => {
                  choose(event.target.files);
                  event.target.value = '';
                }}
                style={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  opacity: 0,
                  overflow: 'hidden',
                }}
              />
              <Box id={nameId} sx={{ mt: 1 }}>
                {files.length === 0 ? (
                  <Typography variant="body2">{t('materialbank.noFileChosen')}</Typography>
                ) : (
                  <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
                    {files.map((file, index) => (
                      <Typography
                        component="li"
                        variant="body2"
                        // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name
                        key={`${file.name}-${index}`}
                        sx={{ overflowWrap: 'anywhere' }}
                      >
                        {file.name}{' '}
                        <Button
                          size="small"
                          onClick={() => field.onChange(files.filter((_, i) => i !== index))}
                          aria-label={t('materialbank.removeChosen', { name: file.name })}
                        >
                          {t('materialbank.removeChosenShort')}
                        </Button>
                      </Typography>
                    ))}
                  </Stack>
                )}
              </Box>
            </Box>
            <FormHelperText id={helperId} error={Boolean(message)}>
              {message || t('materialbank.fileHint', { max: MATERIALBANK_DEFAULT_MAX_FILE_MB })}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}
