import { describe, expect, it } from 'vitest';
import { wallClockShifter } from '../wall-clock.js';
import { alarmLane, dataExtent, fitValueAxis, nearLimits } from './chart-fit.js';
import { FULL_ZOOM, zoomedRange, zoomStep } from './chart-zoom.js';
import {
  CLASSIFIED_QUANTITIES,
  classShares,
  GUIDELINES,
  guidelinesFor,
  INDOOR_CLIMATE_CLASS_BANDS,
  indoorClimateClass,
} from './guidelines.js';
import {
  CHART_COLOURS,
  CHART_DASHES,
  CHART_TIME_LABELS,
  chartColour,
  formatInZone,
  type MeasurementChartInput,
  measurementChartOption,
  measurementChartView,
} from './measurement-chart.js';

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

const input = (over: Partial<MeasurementChartInput> = {}): MeasurementChartInput => ({
  title: 'Anturi 1 – Lämpötila',
  unit: '°C',
  series: [
    {
      name: 'Anturi 1',
      points: [
        [Date.UTC(2026, 0, 1), 19],
        [Date.UTC(2026, 0, 2), 28],
      ],
    },
  ],
  lowLimit: 18,
  highLimit: 30,
  alarms: [{ timeMs: Date.UTC(2026, 0, 1, 12), label: 'Hälytys' }],
  colourIndex: 0,
  labels: { lowLimit: 'Alaraja', highLimit: 'Yläraja', noData: 'Ei mittauksia' },
  ...over,
});

describe('CHART_COLOURS', () => {
  it('has five distinct colours, each AA (4.5:1) on white', () => {
    expect(CHART_COLOURS).toHaveLength(5);
    expect(new Set(CHART_COLOURS).size).toBe(5);
    for (const c of CHART_COLOURS) expect(contrastOnWhite(c)).toBeGreaterThanOrEqual(4.5);
  });

  it('cycles through the five by chart and series', () => {
    expect(chartColour(0)).toBe(CHART_COLOURS[0]);
    expect(chartColour(4)).toBe(CHART_COLOURS[4]);
    expect(chartColour(5)).toBe(CHART_COLOURS[0]);
    expect(chartColour(3, 3)).toBe(CHART_COLOURS[1]);
    expect(chartColour(-1)).toBe(CHART_COLOURS[4]);
  });
});

describe('measurementChartOption', () => {
  /** The series of the option by id. */
  const byId = (option: ReturnType<typeof measurementChartOption>, id: string) =>
    option.series.find((s) => s.id === id);

  it('draws near limits as two dashed, labelled horizontal lines and alarms as a lane', () => {
    const option = measurementChartOption(input(), { interactive: false });
    const limits = byId(option, 'limits')?.markLine?.data ?? [];
    expect(limits.map((m) => m.yAxis)).toEqual([18, 30]);
    expect(limits.map((m) => m.label.formatter)).toEqual(['Alaraja 18', 'Yläraja 30']);
    for (const m of limits) expect(m.lineStyle.type).toBe('dashed');
    // The alarm is a span of the lane's own grid under the title, with no text over the plot;
    // the lane's time axis spans what the plot's does.
    const lane = byId(option, 'alarm-lane');
    expect(lane?.xAxisIndex).toBe(1);
    expect(option.xAxis[1]).toMatchObject({ min: option.xAxis[0]?.min, max: option.xAxis[0]?.max });
    expect(option.xAxis[0]?.min).toBe(Date.UTC(2026, 0, 1));
    expect(lane?.markArea?.data).toHaveLength(1);
    expect(option.grid[1]?.top).toBeLessThan(option.grid[0]?.top ?? 0);
    expect(JSON.stringify(option)).not.toContain('Hälytys');
  });

  it('fits the value axis to the data, not to a far limit or 0 (CO2 400–900, limits 0 and 1550)', () => {
    const co2 = input({
      series: [
        {
          name: 'CO2',
          points: [
            [0, 400],
            [1, 900],
          ],
        },
      ],
      lowLimit: 0,
      highLimit: 1550,
    });
    const option = measurementChartOption(co2, { interactive: false });
    expect(option.yAxis[0]).toMatchObject({ min: 300, max: 1000, interval: 100 });
    expect(byId(option, 'limits')?.markLine?.data).toEqual([]);
    // A high limit of 1000 is near: drawn, and the axis makes room for it.
    const near = measurementChartOption({ ...co2, highLimit: 1000 }, { interactive: false });
    expect(near.yAxis[0]).toMatchObject({ min: 300, max: 1100, interval: 100 });
    expect(byId(near, 'limits')?.markLine?.data.map((m) => m.yAxis)).toEqual([1000]);
  });

  it('draws a band under the mean for buckets and a second measurement on the right axis', () => {
    const option = measurementChartOption(
      input({
        secondUnit: '%',
        series: [
          {
            name: 'Anturi 1 – Lämpötila',
            points: [
              [0, 21],
              [1, 22],
            ],
            band: [
              [0, 20, 23],
              [1, 21, 24],
            ],
          },
          { name: 'Anturi 1 – Kosteus', points: [[0, 40]], axis: 1 },
        ],
      }),
      { interactive: true },
    );
    const low = byId(option, 'band-low-0');
    const high = byId(option, 'band-high-0');
    expect(low?.data).toEqual([
      [0, 20],
      [1, 21],
    ]);
    // Stacked on the low edge: the band's height is max − min, lightly filled.
    expect(high?.data).toEqual([
      [0, 3],
      [1, 3],
    ]);
    expect(high?.stack).toBe(low?.stack);
    expect(high?.areaStyle?.opacity).toBeLessThan(0.3);
    // The mean is drawn over the band.
    expect(byId(option, 'line-0')?.z).toBeGreaterThan(high?.z ?? 0);
    const second = byId(option, 'line-1');
    expect(second?.yAxisIndex).toBe(1);
    expect(option.yAxis[1]).toMatchObject({ show: true, name: '%', position: 'right' });
    // The band's extremes are in the left axis's fit (the limits 18 and 30 are far from it).
    expect(option.yAxis[0]).toMatchObject({ min: 19, max: 25, interval: 1 });
  });

  it('gives each series its own colour and line pattern', () => {
    const option = measurementChartOption(
      input({
        colourIndex: 2,
        lowLimit: null,
        highLimit: null,
        alarms: [],
        series: [
          { name: 'a', points: [[1, 1]] },
          { name: 'b', points: [[1, 2]] },
        ],
      }),
      { interactive: false },
    );
    const lines = option.series.filter((s) => s.id?.startsWith('line-'));
    expect(lines.map((s) => s.lineStyle?.color)).toEqual([CHART_COLOURS[2], CHART_COLOURS[3]]);
    expect(lines.map((s) => s.lineStyle?.type)).toEqual([CHART_DASHES[2], CHART_DASHES[3]]);
    expect(new Set(CHART_DASHES.map((d) => JSON.stringify(d))).size).toBe(CHART_DASHES.length);
    expect(byId(option, 'limits')?.markLine?.data).toEqual([]);
    expect(option.yAxis[2]).toMatchObject({ show: false });
    expect(option.legend.show).toBe(true);
  });

  it('adds zoom, pan and tooltip only when interactive, and no animation for the PDF', () => {
    const still = measurementChartOption(input(), { interactive: false });
    expect(still).not.toHaveProperty('dataZoom');
    expect(still).not.toHaveProperty('tooltip');
    expect(still.animation).toBe(false);
    const live = measurementChartOption(input(), { interactive: true });
    expect(live.dataZoom?.map((z) => z.type)).toEqual(['inside', 'slider']);
    expect(live.dataZoom?.[0]?.xAxisIndex).toEqual([0, 1]);
    expect(live.tooltip).toEqual({ trigger: 'axis' });
  });

  it('writes the tooltip in Finnish time and numbers, with the bucket range, markup escaped', () => {
    const option = measurementChartOption(
      input({
        series: [{ name: '<b>A</b>', points: [[0, 21.5]], band: [[0, 20, 23]] }],
        formatValue: (v) => String(v).replace('.', ','),
        formatTime: (t) => `aika ${t}`,
      }),
      { interactive: true },
    );
    const formatter = option.tooltip?.formatter as (params: unknown) => string;
    const text = formatter([
      { seriesId: 'band-low-0', dataIndex: 0, axisValue: 0 },
      { seriesId: 'line-0', dataIndex: 0, axisValue: 0, marker: '' },
    ]);
    expect(text).toBe('aika 0<br>&#60;b&#62;A&#60;/b&#62;: <b>21,5 °C</b> (20–23)');
  });

  it('shows the no-data text and still the limits when there are no points', () => {
    const option = measurementChartOption(input({ series: [] }), { interactive: false });
    expect(option.graphic?.style.text).toBe('Ei mittauksia');
    expect(byId(option, 'limits')?.markLine?.data).toHaveLength(2);
  });

  it('draws wall-clock times of the given zone in UTC mode, so day ticks fall on local midnight', () => {
    const option = measurementChartOption(input({ timeZone: 'Europe/Helsinki' }), {
      interactive: false,
    });
    expect(option.useUTC).toBe(true);
    // Winter time: UTC+2.
    expect(byId(option, 'line-0')?.data[0]).toEqual([Date.UTC(2026, 0, 1, 2), 19]);
    const lane = byId(option, 'alarm-lane')?.markArea?.data[0];
    expect(lane?.[0].xAxis).toBeLessThanOrEqual(Date.UTC(2026, 0, 1, 14));
    expect(lane?.[1].xAxis).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 1, 14));
    expect(option.xAxis[0]).toMatchObject({ axisLabel: { formatter: CHART_TIME_LABELS } });
    // Without a zone the browser's own local time is used: times as given.
    const local = measurementChartOption(input(), { interactive: false });
    expect(local).not.toHaveProperty('useUTC');
    expect(byId(local, 'line-0')?.data[0]).toEqual([Date.UTC(2026, 0, 1), 19]);
  });

  it('shifts by the summer or winter offset of each instant', () => {
    const shift = wallClockShifter('Europe/Helsinki');
    expect(shift(Date.UTC(2026, 6, 1, 12))).toBe(Date.UTC(2026, 6, 1, 15));
    expect(shift(Date.UTC(2026, 11, 1, 12))).toBe(Date.UTC(2026, 11, 1, 14));
    // DST ends 25.10.2026 at 01:00 UTC.
    expect(shift(Date.UTC(2026, 9, 25, 0, 30))).toBe(Date.UTC(2026, 9, 25, 3, 30));
    expect(shift(Date.UTC(2026, 9, 25, 1, 30))).toBe(Date.UTC(2026, 9, 25, 3, 30));
  });

  it('gives every hour around both changes of 2026 the offset Intl gives it', () => {
    const wall = (ms: number) => {
      const text = new Date(ms).toLocaleString('sv-SE', { timeZone: 'Europe/Helsinki' });
      return Date.parse(`${text.replace(' ', 'T')}Z`);
    };
    // A fresh zone's cache, filled from the middle of a day, then read across the change.
    const shift = wallClockShifter('Europe/Helsinki');
    for (const day of [Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25)]) {
      expect(shift(day + 12 * 3_600_000)).toBe(wall(day + 12 * 3_600_000));
      for (let ms = day - 86_400_000; ms < day + 2 * 86_400_000; ms += 1_800_000) {
        expect(shift(ms)).toBe(wall(ms));
      }
    }
  });

  it('writes the value axis with the given formatter', () => {
    const formatValue = (v: number) => String(v).replace('.', ',');
    const option = measurementChartOption(input({ formatValue }), { interactive: false });
    expect(option.yAxis[0]?.axisLabel).toMatchObject({ formatter: formatValue });
  });

  it('is plain data (JSON round-trips), so the browser and the PDF worker share it', () => {
    const option = measurementChartOption(input({ timeZone: 'Europe/Helsinki' }), {
      interactive: true,
    });
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
  });
});

describe('fitValueAxis', () => {
  it('rounds outwards to a nice step and is undefined without data or limits', () => {
    expect(fitValueAxis({ min: 400, max: 1200 }, [])).toEqual({
      min: 250,
      max: 1250,
      interval: 250,
    });
    expect(fitValueAxis(undefined, [null, null])).toBeUndefined();
    // No data: the limits alone.
    expect(fitValueAxis(undefined, [19, 27])).toEqual({ min: 18, max: 28, interval: 2 });
    // A flat line gets a span, with labels on round values (no 4.9750000000000005).
    expect(fitValueAxis({ min: 5, max: 5 }, [])).toEqual({ min: 4.95, max: 5.05, interval: 0.025 });
    // Every label sits on the grid: both ends are whole steps.
    for (const [lo, hi] of [
      [0.13, 0.71],
      [-12, 37],
      [400, 1800],
      [21.2, 21.9],
    ] as const) {
      const fit = fitValueAxis({ min: lo, max: hi }, []);
      if (!fit) throw new Error('no fit');
      expect(fit.min).toBeLessThanOrEqual(lo);
      expect(fit.max).toBeGreaterThanOrEqual(hi);
      const steps = (fit.max - fit.min) / fit.interval;
      expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-9);
      expect(Math.round(steps)).toBeLessThanOrEqual(8);
    }
  });

  it('takes in the limits near the data and never a far one', () => {
    // Data 20–28, limits 19 and 27: both inside or near.
    expect(nearLimits({ min: 20, max: 28 }, [19, 27])).toEqual([19, 27]);
    // 25 % of the span beyond the data is near; more is far.
    expect(nearLimits({ min: 400, max: 800 }, [300, 299, 900, 901, null])).toEqual([300, 900]);
    const axis = fitValueAxis({ min: 400, max: 800 }, [0, 1550]);
    expect(axis?.min).toBeGreaterThan(0);
    expect(axis?.max).toBeLessThan(1550);
  });
});

describe('dataExtent', () => {
  const series = [
    {
      points: [
        [0, 10],
        [10, 50],
        [20, 30],
      ] as const,
      band: [[20, 25, 90]] as const,
    },
  ];
  it('spans the points and band entries in view, all without a span', () => {
    expect(dataExtent(series)).toEqual({ min: 10, max: 90 });
    expect(dataExtent(series, { from: 5, to: 15 })).toEqual({ min: 50, max: 50 });
    expect(dataExtent(series, { from: 15, to: 25 })).toEqual({ min: 25, max: 90 });
    expect(dataExtent(series, { from: 30, to: 40 })).toBeUndefined();
  });

  it('rescales the axis to what a zoom shows (measurementChartView)', () => {
    const chart = input({
      lowLimit: null,
      highLimit: null,
      series: [
        {
          name: 'a',
          points: [
            [0, 400],
            [10, 1800],
            [20, 450],
          ],
        },
      ],
    });
    expect(measurementChartView(chart).valueAxes[0]).toEqual({
      min: 250,
      max: 2000,
      interval: 250,
    });
    expect(measurementChartView(chart, { from: 15, to: 25 }).valueAxes[0]).toEqual({
      min: 447.5,
      max: 452.5,
      interval: 2.5,
    });
  });
});

describe('alarmLane', () => {
  const span = { from: 0, to: 1000 };
  it('merges alarms closer than the shortest span into counted clusters, apart and in order', () => {
    const alarms = [
      { timeMs: 100, endMs: 101 },
      { timeMs: 105, endMs: 106 },
      { timeMs: 500, endMs: 700 },
      { timeMs: 650, endMs: 660 },
      { timeMs: 900, endMs: 902 },
    ];
    const lane = alarmLane(alarms, span, 0.02);
    expect(lane.map((c) => c.count)).toEqual([2, 2, 1]);
    // A short alarm is widened to 2 % (20 ms) around itself.
    expect(lane[0]).toEqual({ from: 90.5, to: 115.5, count: 2 });
    expect(lane[1]).toEqual({ from: 500, to: 700, count: 2 });
    for (let i = 1; i < lane.length; i++) {
      expect(lane[i]?.from).toBeGreaterThan(lane[i - 1]?.to ?? 0);
    }
    // Zoomed out to a tenth of the width per pixel, all the first ones become one.
    expect(alarmLane(alarms, span, 0.5).map((c) => c.count)).toEqual([5]);
  });

  it('runs an open alarm to the span end and leaves out alarms outside, clipping at the edges', () => {
    expect(alarmLane([{ timeMs: 800, endMs: null }], span, 0.01)).toEqual([
      { from: 800, to: 1000, count: 1 },
    ]);
    expect(alarmLane([{ timeMs: 2000, endMs: 2100 }], span, 0.01)).toEqual([]);
    expect(alarmLane([{ timeMs: 0, endMs: 0 }], span, 0.1)).toEqual([
      { from: 0, to: 50, count: 1 },
    ]);
    expect(alarmLane([{ timeMs: 1 }], { from: 5, to: 5 }, 0.1)).toEqual([]);
    // Without an end (the PDF knows only starts) an alarm is a moment, not open to the end.
    expect(alarmLane([{ timeMs: 300 }, { timeMs: 600 }], span, 0.02)).toEqual([
      { from: 290, to: 310, count: 1 },
      { from: 590, to: 610, count: 1 },
    ]);
  });

  it('keeps 45 alarms of a year from crowding: each cluster at least the shortest span', () => {
    const year = { from: 0, to: 365 * 86_400_000 };
    const alarms = Array.from({ length: 45 }, (_, i) => ({
      timeMs: (3 + i * 8) * 86_400_000 + (i % 3) * 3_600_000,
      endMs: (3 + i * 8) * 86_400_000 + (i % 3) * 3_600_000 + 1_800_000,
    }));
    const minShare = 16 / 1100;
    const lane = alarmLane(alarms, year, minShare);
    expect(lane.reduce((n, c) => n + c.count, 0)).toBe(45);
    for (const c of lane) {
      expect(c.to - c.from).toBeGreaterThanOrEqual(minShare * year.to - 1);
    }
  });
});

describe('zoomStep', () => {
  it('zooms in and out around the middle, and back to the whole range', () => {
    const half = zoomStep(FULL_ZOOM, 'in');
    expect(half).toEqual({ start: 25, end: 75 });
    expect(zoomStep(half, 'in')).toEqual({ start: 37.5, end: 62.5 });
    expect(zoomStep(half, 'out')).toEqual(FULL_ZOOM);
    expect(zoomStep(FULL_ZOOM, 'out')).toEqual(FULL_ZOOM);
    expect(zoomStep(half, 'reset')).toEqual(FULL_ZOOM);
  });

  it('moves by half the span and stops at the ends', () => {
    const half = zoomStep(FULL_ZOOM, 'in');
    expect(zoomStep(half, 'left')).toEqual({ start: 0, end: 50 });
    expect(zoomStep(zoomStep(half, 'left'), 'left')).toEqual({ start: 0, end: 50 });
    expect(zoomStep(half, 'right')).toEqual({ start: 50, end: 100 });
    expect(zoomStep(FULL_ZOOM, 'right')).toEqual(FULL_ZOOM);
  });

  it('zooms out near an end without leaving 0–100, and in no further than 1 %', () => {
    expect(zoomStep({ start: 80, end: 100 }, 'out')).toEqual({ start: 60, end: 100 });
    expect(zoomStep({ start: 0, end: 30 }, 'out')).toEqual({ start: 0, end: 60 });
    let window = FULL_ZOOM;
    for (let i = 0; i < 20; i++) window = zoomStep(window, 'in');
    expect(window.end - window.start).toBe(1);
    expect(window.start).toBeCloseTo(49.5);
  });

  it('turns a window into the instants it shows', () => {
    expect(zoomedRange({ from: 1000, to: 2000 }, { start: 25, end: 50 })).toEqual({
      from: 1250,
      to: 1500,
    });
  });
});

describe('GUIDELINES', () => {
  it('holds the values of spec 001 §9', () => {
    expect(GUIDELINES.temperature).toEqual([
      { key: 'heatingSeason', min: 20, max: 26, unit: '°C' },
      { key: 'otherSeason', max: 32, unit: '°C' },
    ]);
    expect(GUIDELINES.humidity[0]).toMatchObject({ min: 20, max: 60 });
    expect(GUIDELINES.co2.map((g) => g.max)).toEqual([1550, 750, 950, 1200]);
    expect(GUIDELINES.pm10[0]?.max).toBe(50);
    expect(GUIDELINES.pm25[0]?.max).toBe(25);
    expect(GUIDELINES.pressureDifference[0]).toMatchObject({ min: 0, max: 5 });
    expect(GUIDELINES.tvoc.map((g) => g.max)).toEqual([400, 50, 220]);
    expect(guidelinesFor('energy')).toEqual([]);
  });
});

describe('Sisäilmastoluokitus 2018 classes', () => {
  it('puts CO2 readings in the best class they meet (bounds inclusive)', () => {
    expect(indoorClimateClass('co2', 420)).toBe('S1');
    expect(indoorClimateClass('co2', 750)).toBe('S1');
    expect(indoorClimateClass('co2', 751)).toBe('S2');
    expect(indoorClimateClass('co2', 950)).toBe('S2');
    expect(indoorClimateClass('co2', 1200)).toBe('S3');
    expect(indoorClimateClass('co2', 1201)).toBeNull();
  });

  it('puts temperatures in the nested heating-season bands', () => {
    expect(indoorClimateClass('temperature', 21.5)).toBe('S1');
    expect(indoorClimateClass('temperature', 22.9)).toBe('S2');
    expect(indoorClimateClass('temperature', 25)).toBe('S3');
    expect(indoorClimateClass('temperature', 19.9)).toBeNull();
    expect(indoorClimateClass('temperature', 26.1)).toBeNull();
    expect(indoorClimateClass('temperature', Number.NaN)).toBeNull();
  });

  it('has each class band inside the next (a reading meeting S1 meets S2 and S3)', () => {
    for (const q of CLASSIFIED_QUANTITIES) {
      const b = INDOOR_CLIMATE_CLASS_BANDS[q];
      for (const [better, worse] of [
        [b.S1, b.S2],
        [b.S2, b.S3],
      ] as const) {
        expect(better.min ?? -Infinity).toBeGreaterThanOrEqual(worse.min ?? -Infinity);
        expect(better.max ?? Infinity).toBeLessThanOrEqual(worse.max ?? Infinity);
      }
    }
  });

  it('counts cumulative shares per class', () => {
    expect(classShares('co2', [500, 800, 1000, 1300])).toEqual({
      count: 4,
      S1: 0.25,
      S2: 0.5,
      S3: 0.75,
      outside: 0.25,
    });
    expect(classShares('co2', [])).toEqual({ count: 0, S1: 0, S2: 0, S3: 0, outside: 0 });
  });
});

describe('formatInZone', () => {
  it('writes an instant as DD.MM.YYYY HH.mm in Finnish time, summer and winter', () => {
    expect(formatInZone(Date.UTC(2026, 10, 27, 6, 5), 'Europe/Helsinki')).toBe('27.11.2026 08.05');
    expect(formatInZone(Date.UTC(2026, 6, 1, 21, 30), 'Europe/Helsinki')).toBe('02.07.2026 00.30');
  });
});
