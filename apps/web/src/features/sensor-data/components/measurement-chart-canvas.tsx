import { useTheme } from '@mui/material/styles';
import type { MeasurementChartInput } from '@vahti/domain';
import { useEffect, useRef } from 'react';
import { drawMeasurementChart } from './draw-measurement-chart';

export interface MeasurementChartCanvasProps {
  input: MeasurementChartInput;
  /** The chosen days as instants (ms): the time axis spans them. */
  range: { from: number; to: number };
  height: number;
  /** A name for tests (`data-chart`). */
  chart?: string;
}

/**
 * The ECharts drawing of one device's series, from the option builder the PDF report uses too.
 * Import it only lazily (DeviceChart does), so ECharts never loads with the login screen. It is
 * hidden from screen readers: DeviceChart says the same in its caption.
 */
export default function MeasurementChartCanvas({
  input,
  range,
  height,
  chart: name,
}: MeasurementChartCanvasProps) {
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const chart = drawMeasurementChart(container, input, {
      fontFamily: theme.typography.fontFamily,
      range,
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [input, range, theme]);
  return (
    <div ref={element} aria-hidden="true" data-chart={name} style={{ width: '100%', height }} />
  );
}
