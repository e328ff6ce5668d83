import { type MeasurementChartInput, measurementChartOption } from '@vahti/domain';
import { LineChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { type EChartsType, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the shared option uses: lines on a time axis with a title (a legend for several
// series, a text for none), the limit lines and alarm marks (markLine), zoom and pan (inside +
// slider) and the tooltip. Drawn as SVG: crisp on any screen, and the limit lines' labels are
// text that a test can find. bench/chart-draw.ts draws through this same function.
use([
  LineChart,
  GridComponent,
  TitleComponent,
  LegendComponent,
  GraphicComponent,
  MarkLineComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  TooltipComponent,
  SVGRenderer,
]);

export interface DrawOptions {
  /** The app's font, for the chart's own texts. */
  fontFamily?: string;
  /**
   * The chosen days as instants: the time axis spans them (up to now), so the charts of several
   * devices line up and a gap in the readings shows as a gap.
   */
  range?: { from: number; to: number };
  /** SVG here; bench/chart-draw.ts compares canvas (registering ECharts' CanvasRenderer itself). */
  renderer?: 'svg' | 'canvas';
}

/** Draws one measurement chart into the container (interactive: zoom, pan, tooltip). */
export function drawMeasurementChart(
  container: HTMLElement,
  input: MeasurementChartInput,
  { fontFamily, range, renderer = 'svg' }: DrawOptions = {},
): EChartsType {
  const chart = init(container, undefined, { renderer });
  const option = measurementChartOption(input, { interactive: true });
  chart.setOption({
    ...option,
    // The figure's caption says it in words; ECharts' own description would repeat it.
    aria: { enabled: false },
    ...(fontFamily ? { textStyle: { ...option.textStyle, fontFamily } } : {}),
    ...(range
      ? { xAxis: { ...option.xAxis, min: range.from, max: Math.min(range.to, Date.now()) } }
      : {}),
  });
  return chart;
}
