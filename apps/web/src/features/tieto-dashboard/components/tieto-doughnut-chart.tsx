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

use([PieChart, TooltipComponent, TitleComponent, SVGRenderer]);

type DoughnutOption = ComposeOption<
  PieSeriesOption | TooltipComponentOption | TitleComponentOption
>;

import { CHART_HEIGHT } from './chart-size';

export interface Slice {
  name: string;
  value: number;
  color: string;
}

/** A doughnut of the counts with a text in the centre (Apache ECharts); hidden from screen readers. */
export default function TietoDoughnutChart({
  slices,
  centerText,
}: {
  slices: Slice[];
  centerText: string;
}) {
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const chart = init(container, undefined, { renderer: 'svg' });
    const empty = slices.every((slice) => slice.value === 0);
    const text = {
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.htmlFontSize * 0.875,
      color: theme.palette.text.primary,
    };
    const option: DoughnutOption = {
      aria: { enabled: false },
      color: slices.map((slice) => slice.color),
      textStyle: text,
      tooltip: { show: !empty, trigger: 'item', formatter: '{b}: {c}', textStyle: text },
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
          // All zero: one grey ring, not three equal slices that would suggest figures.
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
    <div
      ref={element}
      aria-hidden="true"
      data-chart="tieto-counts"
      style={{ width: '100%', height: CHART_HEIGHT }}
    />
  );
}
