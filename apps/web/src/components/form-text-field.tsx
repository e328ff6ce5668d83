import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { translateMessage } from '@/lib/i18n';

type InputProps = Pick<
  OutlinedInputProps,
  | 'name'
  | 'type'
  | 'autoComplete'
  | 'inputRef'
  | 'onChange'
  | 'onBlur'
  | 'disabled'
  | 'readOnly'
  | 'value'
  | 'inputProps'
>;

export interface FormTextFieldProps extends InputProps {
  label: string;
  /** The field's message (already translated); shown below it and read with the field. */
  helperText?: ReactNode;
  /** A standing note below the field ("Valinnainen"), shown while there is no message. */
  hint?: string;
  error?: boolean;
  /**
   * Announced to screen readers (aria-required). No asterisk is drawn: the label's text stays
   * exactly the field's name, and the optional fields say so with a hint instead.
   */
  required?: boolean;
  id?: string;
  /** 'small' for a compact field such as a table's search (40 px instead of 56 px). */
  size?: 'small' | 'medium';
  /**
   * The label sits inside the empty field and moves to the border on focus or once there is a
   * value. Only for a controlled `value` (the label cannot see what form.reset() sets).
   */
  floatingLabel?: boolean;
}

/**
 * An outlined text field with a visible label and a described helper text — what MUI's TextField
 * renders for a plain input, without pulling in the Select, Menu and Modal code TextField
 * carries. Screens on the critical path (login) use this; it pairs with react-hook-form's
 * `register()` (pass its `ref` as `inputRef`).
 */
export function FormTextField({
  label,
  helperText: message,
  hint,
  error = false,
  required = false,
  id,
  disabled,
  readOnly,
  size = 'medium',
  floatingLabel = false,
  ...inputProps
}: FormTextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper-text`;
  const helperText = message || hint;
  return (
    <FormControl fullWidth error={error} disabled={disabled} size={size}>
      {/* By default the label always sits on the border: a value set by form.reset() or
          autofill, which the input does not report, never ends up under it. */}
      <InputLabel htmlFor={inputId} shrink={floatingLabel ? undefined : true}>
        {label}
      </InputLabel>
      <OutlinedInput
        notched={floatingLabel ? undefined : true}
        {...inputProps}
        inputProps={{ ...inputProps.inputProps, 'aria-required': required || undefined }}
        id={inputId}
        label={label}
        readOnly={readOnly}
        // A read-only value looks set apart from the fields the user can change.
        sx={readOnly ? { bgcolor: 'action.hover' } : undefined}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

/**
 * What a FormTextField needs from a react-hook-form form for one field: the registered input and
 * the field's message, translated (a zod key such as "validation.emailRequired", or the server's
 * text).
 */
export function fieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { ref, ...registered } = form.register(name);
  const fieldError: FieldError | undefined = get(form.formState.errors, name);
  const message = fieldError?.message;
  return {
    ...registered,
    inputRef: ref,
    error: Boolean(message),
    helperText: translateMessage(message),
  };
}
