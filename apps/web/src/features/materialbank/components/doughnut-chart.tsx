import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface DoughnutSlice {
  label: string;
  value: number;
  color: string;
}

interface DoughnutChartProps {
  slices: DoughnutSlice[];
  /** The number in the centre and the word under it. */
  total: number;
  centreLabel: string;
  /** The chart's text alternative. */
  label: string;
  size?: number;
}

/**
 * A small SVG doughnut: one arc per slice (stroke-dasharray on a circle), the total in the
 * centre, a legend below. The figure carries its text alternative; the SVG is decoration.
 */
export function DoughnutChart({
  slices,
  total,
  centreLabel,
  label,
  size = 200,
}: DoughnutChartProps) {
  const radius = 70;
  const circumference = 2 * Math.PI * radius;
  const sum = slices.reduce((acc, slice) => acc + slice.value, 0);
  let offset = 0;
  return (
    <Box component="figure" role="img" aria-label={label} sx={{ m: 0, textAlign: 'center' }}>
      <svg width={size} height={size} viewBox="0 0 200 200" aria-hidden="true" focusable="false">
        <circle cx="100" cy="100" r={radius} fill="none" stroke="#e0e0e0" strokeWidth="28" />
        {sum > 0 &&
          slices.map((slice) => {
            const length = (slice.value / sum) * circumference;
            const arc = (
              <circle
                key={slice.label}
                cx="100"
                cy="100"
                r={radius}
                fill="none"
                stroke={slice.color}
                strokeWidth="28"
                strokeDasharray={`${length} ${circumference - length}`}
                strokeDashoffset={-offset}
                transform="rotate(-90 100 100)"
              />
            );
            offset += length;
            return arc;
          })}
        <text
          x="100"
          y="98"
          textAnchor="middle"
          fontSize="34"
          fontWeight="bold"
          fill="currentColor"
        >
          {total}
        </text>
        <text x="100" y="124" textAnchor="middle" fontSize="15" fill="currentColor">
          {centreLabel}
        </text>
      </svg>
      <Box
        component="ul"
        sx={{ display: 'flex', gap: 2, justifyContent: 'center', listStyle: 'none', p: 0, m: 0 }}
      >
        {slices.map((slice) => (
          <Box
            component="li"
            key={slice.label}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
          >
            <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: slice.color }} />
            <Typography variant="body2">
              {slice.label}: {slice.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
