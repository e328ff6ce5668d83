import { useTheme } from '@mui/material/styles';
import { ANSWER_VALUES, type QuestionResult } from '@vahti/domain';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// Only a horizontal stacked bar, its axes, legend and tooltip, drawn as SVG.
use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

type ResultsOption = ComposeOption<
  BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** From disagreement (red) to agreement (green). */
const SCALE_COLORS = ['#c62828', '#ef6c00', '#9e9e9e', '#7cb342', '#2e7d32'];
const BAR_HEIGHT = 44;

/**
 * A stacked bar per question of the shares (%) of each answer (Apache ECharts). Decoration for
 * sighted users: the table beside it has the same figures as text.
 */
export default function ResultsChart({ results }: { results: QuestionResult[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    // On a phone the legend is a list below the bars, so it never runs over the axis.
    const narrow = container.clientWidth < 640;
    const legendHeight = narrow ? ANSWER_VALUES.length * 24 : 32;
    container.style.height = `${results.length * BAR_HEIGHT + legendHeight + 72}px`;
    const chart = init(container, undefined, { renderer: 'svg' });
    const text = {
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.htmlFontSize * 0.875,
      color: theme.palette.text.primary,
    };
    const option: ResultsOption = {
      aria: { enabled: false },
      textStyle: text,
      color: SCALE_COLORS,
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v) => `${v} %`,
      },
      legend: narrow
        ? { bottom: 0, left: 0, orient: 'vertical', textStyle: text }
        : { bottom: 0, textStyle: text },
      grid: { left: 8, right: 16, top: 8, bottom: legendHeight + 32, containLabel: true },
      xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: results.map((_, index) => `${index + 1}.`),
      },
      series: ANSWER_VALUES.map((value) => ({
        type: 'bar',
        stack: 'answers',
        name: t(`surveys.scale.${value}`),
        data: results.map((row) => row.percentages[`a${value}`]),
      })),
    };
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [results, t, theme]);

  return (
    <div
      ref={element}
      aria-hidden="true"
      data-chart="survey-results"
      style={{ width: '100%', height: results.length * BAR_HEIGHT + 120 }}
    />
  );
}
