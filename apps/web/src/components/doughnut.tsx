import { useTheme } from '@mui/material/styles';

export interface DoughnutSlice {
  name: string;
  value: number;
  color: string;
}

interface DoughnutProps {
  slices: readonly DoughnutSlice[];
  /** The text in the middle, e.g. '12 käyttäjää'. */
  centerText: string;
  /** A name for tests and styling (`data-chart`). */
  chart?: string;
}

/** The height of a dashboard doughnut; the ring fills 80 % of it, its hole 55 %. */
const SIZE = 220;
const OUTER = SIZE * 0.4;
const INNER = SIZE * 0.275;
const CENTER = SIZE / 2;

/** A point on a circle around the centre, clockwise from twelve o'clock by `turn` (0–1). */
function point(radius: number, turn: number) {
  const angle = 2 * Math.PI * turn;
  return `${CENTER + radius * Math.sin(angle)} ${CENTER - radius * Math.cos(angle)}`;
}

/**
 * The ring between `from` and `to` (turns, 0–1). A whole ring is two halves, as one arc cannot
 * end where it starts.
 */
function ringPath(from: number, to: number): string {
  if (to - from >= 1) return `${ringPath(0, 0.5)} ${ringPath(0.5, 1)}`;
  const large = to - from > 0.5 ? 1 : 0;
  return [
    `M ${point(OUTER, from)}`,
    `A ${OUTER} ${OUTER} 0 ${large} 1 ${point(OUTER, to)}`,
    `L ${point(INNER, to)}`,
    `A ${INNER} ${INNER} 0 ${large} 0 ${point(INNER, from)}`,
    'Z',
  ].join(' ');
}

/**
 * A doughnut of counts with a text in the centre, drawn as SVG by the component itself (a chart
 * library for a ring of a few slices would cost every dashboard a download). It is decoration,
 * hidden from screen readers: the caller shows the same numbers as text beside it; a pointer over
 * a slice shows its name, count and share.
 */
export function Doughnut({ slices, centerText, chart }: DoughnutProps) {
  const theme = useTheme();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  let start = 0;
  return (
    <div data-chart={chart}>
      <svg
        aria-hidden="true"
        width="100%"
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        style={{ display: 'block' }}
      >
        {total === 0 ? (
          // All zero: one grey ring, not equal slices that would suggest figures.
          <path d={ringPath(0, 1)} fill={theme.palette.grey[300]} />
        ) : (
          slices
            .filter((slice) => slice.value > 0)
            .map((slice) => {
              const from = start;
              start += slice.value / total;
              return (
                <path key={slice.name} d={ringPath(from, start)} fill={slice.color}>
                  <title>
                    {`${slice.name}: ${slice.value} (${Math.round((slice.value / total) * 100)} %)`}
                  </title>
                </path>
              );
            })
        )}
        <text
          x={CENTER}
          y={CENTER}
          textAnchor="middle"
          dominantBaseline="central"
          fill={theme.palette.text.primary}
          style={{ font: 'inherit', ...theme.typography.body2, fontWeight: 600 }}
        >
          {centerText}
        </text>
      </svg>
    </div>
  );
}
