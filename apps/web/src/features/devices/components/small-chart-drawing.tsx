import { useTheme } from '@mui/material/styles';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '@/lib/dates';
import { formatMeasurementValue } from '@/lib/numbers';

// A line on a time axis with the limits as dashed lines: no zoom, legend or title (the page's
// heading names it; the sensor-data screen has the full chart).
use([LineChart, GridComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

export interface SmallChartDrawingProps {
  points: readonly [number, number][];
  from: number;
  to: number;
  lowLimit: number | null;
  highLimit: number | null;
  unit: string;
  /** A name for tests (`data-chart`). */
  chart: string;
}

/** The ECharts drawing of a device page's small chart; import it only lazily (SmallChart does). */
export default function SmallChartDrawing({
  points,
  from,
  to,
  lowLimit,
  highLimit,
  unit,
  chart: name,
}: SmallChartDrawingProps) {
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const chart = init(container, undefined, { renderer: 'svg' });
    const limits = [lowLimit, highLimit].filter((limit): limit is number => limit !== null);
    const text = { fontFamily: theme.typography.fontFamily, color: theme.palette.text.secondary };
    chart.setOption({
      aria: { enabled: false },
      textStyle: text,
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => `${formatMeasurementValue(Number(value))} ${unit}`,
        axisPointer: {
          label: {
            formatter: ({ value }: { value: unknown }) =>
              formatDateTime(new Date(Number(value)).toISOString()),
          },
        },
      },
      xAxis: { type: 'time', min: from, max: to, axisLabel: { hideOverlap: true } },
      // Fitted to the readings; the limits are drawn, not forced into the axis.
      yAxis: {
        type: 'value',
        scale: true,
        axisLabel: { formatter: (value: number) => formatMeasurementValue(value) },
      },
      series: [
        {
          type: 'line',
          data: points,
          showSymbol: false,
          lineStyle: { width: 2, color: theme.palette.primary.main },
          itemStyle: { color: theme.palette.primary.main },
          markLine: {
            silent: true,
            symbol: 'none',
            label: { show: false },
            lineStyle: { type: 'dashed', color: theme.palette.error.main },
            data: limits.map((yAxis) => ({ yAxis })),
          },
        },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [points, from, to, lowLimit, highLimit, unit, theme]);
  return (
    <div
      ref={element}
      aria-hidden="true"
      data-chart={name}
      style={{ width: '100%', height: 160 }}
    />
  );
}
