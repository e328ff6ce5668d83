import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { TEXT_COUNTER_MAX } from '@vahti/domain';
import { useId } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldProps } from './form-text-field';

export interface TextAreaFieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  maxLength?: number;
  required?: boolean;
}

/**
 * A multi-line text (information, description) with a live 'n/500' counter below it (spec 000
 * §5); typing stops at the limit.
 */
export function TextAreaField<T extends FieldValues>({
  form,
  name,
  label,
  maxLength = TEXT_COUNTER_MAX,
  required = false,
}: TextAreaFieldProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const helperId = `${id}-helper-text`;
  const counterId = `${id}-counter`;
  const value = useWatch({ control: form.control, name });
  const length = typeof value === 'string' ? value.length : 0;
  const { inputRef, error, helperText, ...registered } = fieldProps(form, name);
  const hint = helperText || (required ? '' : t('form.optional'));
  return (
    <FormControl fullWidth error={error}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        {...registered}
        notched
        id={id}
        label={label}
        inputRef={inputRef}
        multiline
        minRows={3}
        maxRows={12}
        inputProps={{
          maxLength,
          'aria-required': required || undefined,
          'aria-describedby': [hint ? helperId : null, counterId].filter(Boolean).join(' '),
        }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <FormHelperText id={helperId}>{hint}</FormHelperText>
        <FormHelperText id={counterId} error={false} aria-live="polite" sx={{ flexShrink: 0 }}>
          {t('components.counter', { count: length, max: maxLength })}
        </FormHelperText>
      </Stack>
    </FormControl>
  );
}
