import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';
import type { SelectOption } from './select-field';

export interface MultiSelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: SelectOption[];
  required?: boolean;
  disabled?: boolean;
  /** A standing note below the field, shown while there is no message. */
  helperText?: ReactNode;
  /** The options are still being fetched. */
  loading?: boolean;
}

/**
 * A choice of several (targets, contact users): a searchable list whose choices show as chips.
 * The form's value is the list of the chosen options' values.
 */
export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required = false,
  disabled = false,
  helperText,
  loading = false,
}: MultiSelectFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const values: string[] = Array.isArray(field.value) ? field.value : [];
        const selected = values.map(
          (value) => options.find((option) => option.value === value) ?? { value, label: value },
        );
        const message = translateMessage(fieldState.error?.message);
        return (
          <Autocomplete
            multiple
            disableCloseOnSelect
            options={options}
            value={selected}
            loading={loading}
            disabled={disabled}
            onChange={(_, chosen) => field.onChange(chosen.map((option) => option.value))}
            onBlur={field.onBlur}
            isOptionEqualToValue={(option, value) => option.value === value.value}
            getOptionLabel={(option) => option.label}
            getOptionKey={(option) => option.value}
            noOptionsText={t('table.empty')}
            loadingText={t('app.loading')}
            openText={t('components.open')}
            closeText={t('app.close')}
            clearText={t('components.clear')}
            renderValue={(chosen, getItemProps) =>
              chosen.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={option.label} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label={label}
                required={false}
                error={Boolean(message)}
                helperText={message || helperText}
                slotProps={{
                  ...params.slotProps,
                  inputLabel: { ...params.slotProps?.inputLabel, shrink: true },
                  input: {
                    ...params.slotProps?.input,
                    endAdornment: (
                      <>
                        {loading ? (
                          <CircularProgress size={20} aria-label={t('app.loading')} />
                        ) : null}
                        {params.slotProps?.input?.endAdornment}
                      </>
                    ),
                  },
                  htmlInput: {
                    ...params.slotProps?.htmlInput,
                    'aria-required': required || undefined,
                  },
                }}
              />
            )}
          />
        );
      }}
    />
  );
}
