import {
  type MeasurementChartInput,
  measurementChartOption,
  measurementChartView,
  wallClockShifter,
  type ZoomWindow,
  zoomedRange,
} from '@vahti/domain';
import { LineChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { type EChartsType, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the shared option uses: lines and bands on a time axis with a title (a legend for
// the PDF, a text for none), the limit lines (markLine), the alarm lane (markArea), zoom and pan
// (inside + slider) and the tooltip. Drawn as SVG: crisp on any screen, and the limit lines' labels are
// text that a test can find. bench/chart-draw.ts draws through this same function.
use([
  LineChart,
  GridComponent,
  TitleComponent,
  LegendComponent,
  GraphicComponent,
  MarkAreaComponent,
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

/** The alarm lane's shortest cluster in pixels: room for its count. */
const LANE_MIN_PX = 16;
/** The plot's side margins in the option's grid (left axis, right axis or room). */
const GRID_SIDES_PX = 128;

/**
 * Draws one measurement chart into the container (interactive: zoom, pan, tooltip). After every
 * zoom or pan the value axes are fitted to the data in view, the limits near it drawn and the
 * alarm lane clustered anew (measurementChartView).
 */
export function drawMeasurementChart(
  container: HTMLElement,
  input: MeasurementChartInput,
  { fontFamily, range, renderer = 'svg', onZoom }: DrawOptions = {},
): EChartsType {
  const chart = init(container, undefined, { renderer });
  const at = input.timeZone ? wallClockShifter(input.timeZone) : (timeMs: number) => timeMs;
  // The option's own instants (wall-clock of the input's zone).
  const axis = range && { from: at(range.from), to: at(Math.min(range.to, Date.now())) };
  const laneMinShare = () => LANE_MIN_PX / Math.max(100, container.clientWidth - GRID_SIDES_PX);
  const option = measurementChartOption(input, {
    interactive: true,
    span: axis,
    laneMinShare: laneMinShare(),
  });
  chart.setOption({
    ...option,
    // The figure's caption says it in words; ECharts' own description would repeat it.
    aria: { enabled: false },
    ...(fontFamily ? { textStyle: { ...option.textStyle, fontFamily } } : {}),
  });
  chart.on('datazoom', (event) => {
    const { start, end } = (event as DataZoomEvent).batch?.[0] ?? (event as DataZoomEvent);
    if (start === undefined || end === undefined) return;
    if (axis) {
      const view = measurementChartView(input, zoomedRange(axis, { start, end }), laneMinShare());
      chart.setOption({
        yAxis: view.valueAxes.map((fit) => fit ?? {}),
        series: [
          { id: 'alarm-lane', markArea: { data: view.lane } },
          { id: 'limits', markLine: { data: view.limitLines } },
        ],
      });
    }
    onZoom?.({ start, end });
  });
  return chart;
}

/** Zooms or pans the chart's time axis to the window, as the wheel and the slider do. */
export function zoomChart(chart: EChartsType, window: ZoomWindow) {
  chart.dispatchAction({ type: 'dataZoom', dataZoomIndex: 0, ...window });
}
