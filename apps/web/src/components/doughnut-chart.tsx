import { useTheme } from '@mui/material/styles';
import { PieChart, type PieSeriesOption } from 'echarts/charts';
import {
  TitleComponent,
  type TitleComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what a doughnut needs: the chart, its tooltip and centre title, drawn as SVG. The legend
// is the caller's own list of numbers, in the app's typography.
use([PieChart, TooltipComponent, TitleComponent, SVGRenderer]);

type DoughnutOption = ComposeOption<
  PieSeriesOption | TooltipComponentOption | TitleComponentOption
>;

export interface DoughnutSlice {
  name: string;
  value: number;
  color: string;
}

export interface DoughnutProps {
  slices: readonly DoughnutSlice[];
  /** The text in the middle, e.g. '12 käyttäjää'. */
  centerText: string;
  /** A name for tests and styling (`data-chart`). */
  chart?: string;
}

/** The ECharts drawing behind `<Doughnut>`; import it only through that (lazily). */
export default function DoughnutChart({
  slices,
  centerText,
  chart: name,
  height,
}: DoughnutProps & { height: number }) {
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const chart = init(container, undefined, { renderer: 'svg' });
    const empty = slices.every((slice) => slice.value === 0);
    // ECharts draws its own text: the theme's font and body2 size, not ECharts' 12 px default.
    const text = {
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.htmlFontSize * 0.875,
      color: theme.palette.text.primary,
    };
    const option: DoughnutOption = {
      aria: { enabled: false },
      color: slices.map((slice) => slice.color),
      textStyle: text,
      tooltip: { show: !empty, trigger: 'item', formatter: '{b}: {c} ({d} %)', textStyle: text },
      title: {
        text: centerText,
        left: 'center',
        top: 'middle',
        textStyle: { ...text, fontWeight: 600 },
      },
      series: [
        {
          type: 'pie',
          radius: ['55%', '80%'],
          label: { show: false },
          // All zero: one grey ring, not equal slices that would suggest figures.
          silent: empty,
          data: empty
            ? [{ name: '', value: 1, itemStyle: { color: theme.palette.grey[300] } }]
            : slices.map(({ name, value }) => ({ name, value })),
        },
      ],
    };
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [slices, centerText, theme]);
  return (
    <div ref={element} aria-hidden="true" data-chart={name} style={{ width: '100%', height }} />
  );
}
