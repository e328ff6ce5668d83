import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '@/lib/i18n';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: SelectOption[];
  required?: boolean;
  disabled?: boolean;
  /** A standing note below the field, shown while there is no message. */
  helperText?: ReactNode;
  /**
   * For a form value that is not the option's string (a number, null for "all"): the value an
   * option stands for, and the option a value shows as. Default: the string itself.
   */
  parse?: (option: string) => unknown;
  format?: (value: unknown) => string;
}

/** A single choice of a react-hook-form form (role, state, organization); value is the string. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required = false,
  disabled = false,
  helperText,
  parse = (option) => option,
  format = (value) => (value ?? '') as string,
}: SelectFieldProps<T>) {
  const id = useId();
  const labelId = `${id}-label`;
  const helperId = `${id}-helper-text`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = translateMessage(fieldState.error?.message);
        const shown = message || helperText;
        return (
          <FormControl fullWidth error={Boolean(message)} disabled={disabled}>
            <InputLabel id={labelId} shrink>
              {label}
            </InputLabel>
            <Select
              labelId={labelId}
              id={id}
              label={label}
              notched
              name={field.name}
              inputRef={field.ref}
              value={format(field.value)}
              onChange={(event) => field.onChange(parse(event.target.value))}
              onBlur={field.onBlur}
              displayEmpty
              inputProps={{ 'aria-required': required || undefined }}
              SelectDisplayProps={{
                'aria-describedby': shown ? helperId : undefined,
                'aria-required': required || undefined,
              }}
            >
              {options.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </Select>
            {shown ? <FormHelperText id={helperId}>{shown}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}
