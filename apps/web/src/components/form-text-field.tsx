import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

type InputProps = Pick<
  OutlinedInputProps,
  'name' | 'type' | 'autoComplete' | 'inputRef' | 'onChange' | 'onBlur' | 'disabled' | 'inputProps'
>;

export interface FormTextFieldProps extends InputProps {
  label: string;
  /** The field's message (already translated); shown below it and read with the field. */
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  id?: string;
}

/**
 * An outlined text field with a visible label and a described helper text — what MUI's TextField
 * renders for a plain input, without pulling in the Select, Menu and Modal code TextField
 * carries. Screens on the critical path (login) use this; it pairs with react-hook-form's
 * `register()` (pass its `ref` as `inputRef`).
 */
export function FormTextField({
  label,
  helperText,
  error = false,
  required = false,
  id,
  disabled,
  ...inputProps
}: FormTextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper-text`;
  return (
    <FormControl fullWidth error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...inputProps}
        id={inputId}
        label={label}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
