import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { parseFinnishDay } from '@vahti/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/dates';

interface DayFieldProps {
  label: string;
  /** YYYY-MM-DD. */
  value: string;
  onChange: (day: string) => void;
  /** The range's error on this field, already translated. */
  error?: string | null;
}

/**
 * A day written as Finns write it ("1.3.2026" or "01.03.2026"), whatever the browser's own
 * language; the calendar button opens the browser's date picker for the same field. A day is
 * taken as soon as it is whole; an unreadable text says so when the field is left.
 */
export function DayField({ label, value, onChange, error }: DayFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatDay(value));
  const [unreadable, setUnreadable] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // A quick range or a reload changes the day from outside.
  useEffect(() => {
    setText(formatDay(value));
    setUnreadable(false);
  }, [value]);

  const handleText = (next: string) => {
    setText(next);
    const day = parseFinnishDay(next);
    if (day) {
      setUnreadable(false);
      if (day !== value) onChange(day);
    }
  };
  const message = unreadable ? t('sensorData.dayFormat') : error;

  return (
    <Box sx={{ position: 'relative', width: { xs: '100%', sm: 200 } }}>
      <TextField
        label={label}
        value={text}
        onChange={(event) => handleText(event.target.value)}
        onBlur={() => setUnreadable(parseFinnishDay(text) === null)}
        error={Boolean(message)}
        helperText={message || t('sensorData.dayHint')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={t('sensorData.openCalendar', { label })}
                  onClick={() => picker.current?.showPicker()}
                >
                  <CalendarMonthIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        fullWidth
      />
      {/* The browser's calendar, opened by the button: not a second field for the keyboard. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        onChange={(event) => event.target.value && onChange(event.target.value)}
        style={{
          position: 'absolute',
          left: 0,
          top: 56,
          width: 1,
          height: 1,
          opacity: 0,
          pointerEvents: 'none',
        }}
      />
    </Box>
  );
}
