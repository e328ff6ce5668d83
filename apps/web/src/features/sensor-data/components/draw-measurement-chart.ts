import {
  alarmLabelAlign,
  FULL_ZOOM,
  type MeasurementChartInput,
  measurementChartOption,
  type ZoomWindow,
} from '@vahti/domain';
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
  /** Told the visible window after every zoom or pan: wheel, touch, slider or zoomChart. */
  onZoom?: (window: ZoomWindow) => void;
}

/** ECharts' dataZoom event: the slider's and an action's window, or the inside zoom's batch. */
interface DataZoomEvent {
  start?: number;
  end?: number;
  batch?: { start?: number; end?: number }[];
}

/**
 * Draws one measurement chart into the container (interactive: zoom, pan, tooltip). With a range,
 * each alarm's label runs from its line toward the wider side of the plot (alarmLabelAlign),
 * again after every zoom; the PDF keeps ECharts' centred labels.
 */
export function drawMeasurementChart(
  container: HTMLElement,
  input: MeasurementChartInput,
  { fontFamily, range, renderer = 'svg', onZoom }: DrawOptions = {},
): EChartsType {
  const chart = init(container, undefined, { renderer });
  const option = measurementChartOption(input, { interactive: true });
  const axis = range && { from: range.from, to: Math.min(range.to, Date.now()) };
  const [first, ...rest] = option.series;
  const marks = first && 'markLine' in first ? first.markLine : undefined;
  let aligns = '';
  /** The first series' marks with the alarm labels aligned for the window, or none if unchanged. */
  const alignedMarks = (window: ZoomWindow) => {
    if (!axis || !marks) return undefined;
    const alignments = marks.data.map((mark) =>
      'xAxis' in mark ? alarmLabelAlign(mark.xAxis, axis, window) : null,
    );
    const next = alignments.join();
    if (next === aligns) return undefined;
    aligns = next;
    const data = marks.data.map((mark, i) => {
      const align = alignments[i];
      return align ? { ...mark, label: { ...mark.label, align } } : mark;
    });
    return { ...marks, data };
  };
  const firstMarks = alignedMarks(FULL_ZOOM);
  chart.setOption({
    ...option,
    // The figure's caption says it in words; ECharts' own description would repeat it.
    aria: { enabled: false },
    ...(fontFamily ? { textStyle: { ...option.textStyle, fontFamily } } : {}),
    ...(axis ? { xAxis: { ...option.xAxis, min: axis.from, max: axis.to } } : {}),
    ...(first && firstMarks ? { series: [{ ...first, markLine: firstMarks }, ...rest] } : {}),
  });
  chart.on('datazoom', (event) => {
    const { start, end } = (event as DataZoomEvent).batch?.[0] ?? (event as DataZoomEvent);
    if (start === undefined || end === undefined) return;
    const markLine = alignedMarks({ start, end });
    if (markLine) chart.setOption({ series: [{ markLine }] });
    onZoom?.({ start, end });
  });
  return chart;
}

/** Zooms or pans the chart's time axis to the window, as the wheel and the slider do. */
export function zoomChart(chart: EChartsType, window: ZoomWindow) {
  chart.dispatchAction({ type: 'dataZoom', dataZoomIndex: 0, ...window });
}
