import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import {
  Controller,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import { translateMessage } from '@/lib/i18n';

interface NumberFieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  /** An empty field is null (an optional value) rather than missing (required). */
  nullable?: boolean;
  /** Decimals allowed (limits, scale); whole numbers otherwise. */
  decimal?: boolean;
  hint?: string;
}

/**
 * A number of a form: the text typed becomes a number for the schema; an empty field is
 * undefined ('Pakollinen kenttä') or, when `nullable`, null. A comma works as the decimal mark.
 */
export function NumberField<T extends FieldValues>({
  form,
  name,
  label,
  required = false,
  nullable = false,
  decimal = false,
  hint,
}: NumberFieldProps<T>) {
  const { ref, ...registered } = form.register(name, {
    setValueAs: (value: unknown) => {
      if (typeof value === 'number') return value;
      const text = String(value ?? '').trim();
      if (text === '') return nullable ? null : undefined;
      return Number(text.replace(',', '.'));
    },
  });
  const fieldError: FieldError | undefined = get(form.formState.errors, name);
  return (
    <FormTextField
      {...registered}
      inputRef={ref}
      label={label}
      required={required}
      hint={hint}
      error={Boolean(fieldError?.message)}
      helperText={translateMessage(fieldError?.message)}
      autoComplete="off"
      inputProps={{ inputMode: decimal ? 'decimal' : 'numeric' }}
    />
  );
}

/** A yes/no of a form as a labelled checkbox. */
export function CheckboxField<T extends FieldValues>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              name={field.name}
              slotProps={{ input: { ref: field.ref } }}
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
          }
        />
      )}
    />
  );
}
