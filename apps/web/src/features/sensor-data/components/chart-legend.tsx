import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { chartColour, chartDash } from '@vahti/domain';
import { useTranslation } from 'react-i18next';

/** A line sample as the chart draws it: its colour and its dash pattern. */
function Sample({ colour, dash }: { colour: string; dash: string }) {
  return (
    <svg width="40" height="14" viewBox="0 0 40 14" aria-hidden="true" focusable="false">
      <line x1="0" y1="7" x2="40" y2="7" stroke={colour} strokeWidth="3" strokeDasharray={dash} />
    </svg>
  );
}

/**
 * The chart's legend as text under it: each line's name beside a sample of its colour and dash
 * pattern, so the lines differ by more than colour (WCAG 1.4.1) and the names wrap
 * on a phone instead of crowding the plot.
 */
export function ChartLegend({ names, colourIndex }: { names: string[]; colourIndex: number }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('sensorData.legend')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 3,
        rowGap: 0.5,
        listStyle: 'none',
        m: 0,
        px: 1,
        py: 1,
      }}
    >
      {names.map((name, i) => {
        const dash = chartDash(colourIndex, i);
        return (
          <Box component="li" key={name} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Sample
              colour={chartColour(colourIndex, i)}
              dash={dash === 'solid' ? '' : dash.join(' ')}
            />
            <Typography variant="body2">{name}</Typography>
          </Box>
        );
      })}
    </Box>
  );
}
