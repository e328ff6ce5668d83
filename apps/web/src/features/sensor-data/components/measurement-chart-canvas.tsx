import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  FULL_ZOOM,
  formatInZone,
  type MeasurementChartInput,
  TIME_ZONE,
  type ZoomStep,
  type ZoomWindow,
  zoomedRange,
  zoomStep,
} from '@vahti/domain';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawMeasurementChart, zoomChart } from './draw-measurement-chart';

export interface MeasurementChartCanvasProps {
  input: MeasurementChartInput;
  /** The chosen days as instants (ms): the time axis spans them. */
  range: { from: number; to: number };
  height: number;
  /** A name for tests (`data-chart`). */
  chart?: string;
}

/** The zoom buttons, in order: the keyboard's way to what the wheel, touch and slider do. */
const STEPS = [
  { step: 'in', Icon: ZoomInIcon },
  { step: 'out', Icon: ZoomOutIcon },
  { step: 'left', Icon: ChevronLeftIcon },
  { step: 'right', Icon: ChevronRightIcon },
  { step: 'reset', Icon: RestartAltIcon },
] as const satisfies readonly { step: ZoomStep; Icon: unknown }[];

/**
 * The ECharts drawing of a chart's series, from the option builder the PDF report uses too,
 * with buttons that zoom and pan it and the shown time span in words (a polite live region, so a
 * screen reader hears where a press led). Import it only lazily (ChartFigure does), so ECharts
 * never loads with the login screen. The drawing is hidden from screen readers: ChartFigure says
 * the same in its caption.
 */
export default function MeasurementChartCanvas({
  input,
  range,
  height,
  chart: name,
}: MeasurementChartCanvasProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  // A phone shows the buttons as icons with tooltips, as the top bar does.
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const element = useRef<HTMLDivElement>(null);
  const drawn = useRef<EChartsType | null>(null);
  const [view, setView] = useState<ZoomWindow>(FULL_ZOOM);
  // The time axis runs up to now at most.
  const axis = useMemo(() => ({ from: range.from, to: Math.min(range.to, Date.now()) }), [range]);
  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const chart = drawMeasurementChart(container, input, {
      fontFamily: theme.typography.fontFamily,
      range: axis,
      onZoom: setView,
    });
    drawn.current = chart;
    setView(FULL_ZOOM);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      drawn.current = null;
      chart.dispose();
    };
  }, [input, axis, theme]);

  // The chart tells the new window back through onZoom, as it does for the wheel.
  const press = (step: ZoomStep) => {
    if (drawn.current) zoomChart(drawn.current, zoomStep(view, step));
  };
  const shown = zoomedRange(axis, view);

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, px: 1 }}>
        <Box
          role="group"
          aria-label={t('sensorData.zoom')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: compact ? 0 : 1 }}
        >
          {STEPS.map(({ step, Icon }) => {
            const label = t(`sensorData.zoomSteps.${step}`);
            return compact ? (
              <Tooltip key={step} title={label}>
                <IconButton aria-label={label} onClick={() => press(step)}>
                  <Icon />
                </IconButton>
              </Tooltip>
            ) : (
              <Button key={step} size="small" startIcon={<Icon />} onClick={() => press(step)}>
                {label}
              </Button>
            );
          })}
        </Box>
        <Typography variant="body2" aria-live="polite">
          {t('sensorData.shownRange', {
            from: formatInZone(shown.from, TIME_ZONE),
            to: formatInZone(shown.to, TIME_ZONE),
          })}
        </Typography>
      </Box>
      <div ref={element} aria-hidden="true" data-chart={name} style={{ width: '100%', height }} />
    </>
  );
}
