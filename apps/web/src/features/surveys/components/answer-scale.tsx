import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { ANSWER_VALUES, type AnswerValue } from '@vahti/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface AnswerScaleProps {
  /** "1. Sisäilma tuntuu raikkaalta" */
  question: string;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  error?: string;
}

/** One question on the five-point scale (spec 001 §9), as a labelled radio group. */
export function AnswerScale({ question, value, onChange, error }: AnswerScaleProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)} required>
      <FormLabel component="legend" id={`${id}-legend`} sx={{ color: 'text.primary', mb: 0.5 }}>
        {question}
      </FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-legend`}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value as AnswerValue)}
        // Five equal columns from md up, so the scale never wraps 3 + 2; one column on a phone.
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(5, minmax(0, 1fr))' },
          columnGap: 1,
        }}
      >
        {ANSWER_VALUES.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio />}
            label={t(`surveys.scale.${option}`)}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
