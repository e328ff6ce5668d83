/// <reference lib="dom" />
// The page side of bench/chart-draw.ts, bundled by Vite into one script: it draws a payload of
// GET /api/measurement-data through the web app's own chart code (the same option builder, the
// same ECharts modules) and times it.
import type { MeasurementChartInput, MeasurementSeries } from '@vahti/domain';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartInputOf } from '../../apps/web/src/features/sensor-data/components/chart-input.js';
import { drawMeasurementChart } from '../../apps/web/src/features/sensor-data/components/draw-measurement-chart.js';

use([CanvasRenderer]);

const fi = new Intl.NumberFormat('fi', { maximumFractionDigits: 3, useGrouping: false });

/** As ChartFigure turns the payload into the chart's input (chartInputOf). */
function inputOf(payload: MeasurementSeries, withMarks: boolean): MeasurementChartInput {
  const data = withMarks ? payload : { ...payload, lowLimit: null, highLimit: null, alarms: [] };
  return chartInputOf(
    `${payload.measurementName} (${payload.measurementUnit})`,
    [{ name: payload.measurementName, deviceName: 'Bench', data, axis: 0 }],
    0,
    {
      labels: { lowLimit: 'Alaraja', highLimit: 'Yläraja', noData: 'Tietoa ei saatavilla' },
      resolution: (series) => series.resolution,
      alarm: (a) =>
        `${a.alarmBreakThrough === 'up' ? 'Ylärajan ylitys' : 'Alarajan alitus'}: ${a.value}`,
      formatValue: (value) => fi.format(value),
    },
  );
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Draws the payload (JSON text, as fetch would hand it over) into a fresh 1200 × 340 container:
 * from parsing the JSON until the browser has laid out and painted the chart (two animation
 * frames after setOption). Returns milliseconds and the number of SVG elements drawn.
 */
async function draw(json: string, withMarks: boolean, renderer: 'svg' | 'canvas' = 'svg') {
  const container = document.createElement('div');
  container.style.cssText = 'width:1200px;height:340px';
  document.body.replaceChildren(container);
  await frame();
  const start = performance.now();
  const chart = drawMeasurementChart(
    container,
    inputOf(JSON.parse(json) as MeasurementSeries, withMarks),
    {
      renderer,
    },
  );
  await frame();
  await frame();
  const ms = performance.now() - start;
  const elements = container.querySelectorAll('svg *, canvas').length;
  const limitLabels = [...container.querySelectorAll('svg text')].filter((t) =>
    /^(Alaraja|Yläraja) /.test(t.textContent ?? ''),
  ).length;
  chart.dispose();
  return { ms, elements, limitLabels };
}

Object.assign(window, { benchDraw: draw });
