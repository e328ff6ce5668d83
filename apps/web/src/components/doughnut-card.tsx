import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Doughnut, type DoughnutSlice } from './doughnut';

interface DoughnutCardProps {
  title: string;
  /** A line under the title, e.g. the address. */
  subtitle?: string;
  slices: readonly DoughnutSlice[];
  centerText: string;
  /** Names the chart for tests and styles (`data-chart`). */
  chart?: string;
  /** The list's accessible name (the list is the chart's legend and what a screen reader reads). */
  listLabel?: string;
  /** A last list item after the slices, e.g. 'Käyttäjiä: 5'. */
  extra?: string;
  /** Shown instead of the chart and list when set (nothing to draw). */
  empty?: string;
  /** The heading's level in the page outline (default 2). */
  headingLevel?: 2 | 3;
  testId?: string;
}

/**
 * One dashboard card: a heading (and e.g. an address), a doughnut with a figure in its centre, and
 * the same numbers as a list with colour swatches, so the list is the chart's legend and what a
 * screen reader reads. Used by the Hallinta, Tieto and Vainu dashboards.
 */
export function DoughnutCard({
  title,
  subtitle,
  slices,
  centerText,
  chart,
  listLabel,
  extra,
  empty,
  headingLevel = 2,
  testId,
}: DoughnutCardProps) {
  const headingId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ height: '100%' }}
    >
      <CardContent>
        <Typography
          id={headingId}
          component={`h${headingLevel}`}
          variant="h6"
          gutterBottom={!subtitle}
        >
          {title}
        </Typography>
        {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
        {empty ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <>
            <Doughnut slices={slices} centerText={centerText} chart={chart} />
            <Box
              component="ul"
              aria-label={listLabel}
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                mt: 1,
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              {slices.map((slice) => (
                <Typography
                  key={slice.name}
                  component="li"
                  variant="body2"
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
                >
                  <Box
                    component="span"
                    aria-hidden="true"
                    sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: slice.color }}
                  />
                  {slice.name}: {slice.value}
                </Typography>
              ))}
              {extra && (
                <Typography component="li" variant="body2">
                  {extra}
                </Typography>
              )}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
