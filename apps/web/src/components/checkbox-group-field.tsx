import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '@/lib/i18n';

export interface CheckboxOption {
  value: number | string;
  label: string;
}

export interface CheckboxGroupFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  /** The group's legend. */
  label: string;
  options: CheckboxOption[];
  required?: boolean;
  disabled?: boolean;
}

/**
 * Several on/off choices under one legend (permissions, applications, alarm kinds); the form's
 * value is the list of the checked options' values, in the options' order.
 */
export function CheckboxGroupField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required = false,
  disabled = false,
}: CheckboxGroupFieldProps<T>) {
  const helperId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const checked: (number | string)[] = Array.isArray(field.value) ? field.value : [];
        const message = translateMessage(fieldState.error?.message);
        const toggle = (value: number | string, on: boolean) => {
          const next = on ? [...checked, value] : checked.filter((item) => item !== value);
          field.onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
        };
        return (
          <FormControl
            component="fieldset"
            error={Boolean(message)}
            disabled={disabled}
            aria-describedby={message ? helperId : undefined}
          >
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup row>
              {options.map((option, index) => (
                <FormControlLabel
                  key={option.value}
                  label={option.label}
                  control={
                    <Checkbox
                      checked={checked.includes(option.value)}
                      onChange={(event) => toggle(option.value, event.target.checked)}
                      onBlur={field.onBlur}
                      name={field.name}
                      value={String(option.value)}
                      slotProps={{
                        input: {
                          // Focus goes to the first box when the group has an error.
                          ref: index === 0 ? field.ref : undefined,
                          'aria-required': required || undefined,
                        },
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {message ? <FormHelperText id={helperId}>{message}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}
