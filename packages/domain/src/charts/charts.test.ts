import { describe, expect, it } from 'vitest';
import { alarmLabelAlign, FULL_ZOOM, zoomedRange, zoomStep } from './chart-zoom.js';
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
  CHART_TIME_LABELS,
  chartColour,
  chartValueExtent,
  type MeasurementChartInput,
  measurementChartOption,
  wallClockShifter,
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
        [Date.UTC(2026, 0, 1), 21],
        [Date.UTC(2026, 0, 2), 22.5],
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
  it('draws the limits as two dashed, labelled horizontal lines and alarms on the time axis', () => {
    const option = measurementChartOption(input(), { interactive: false });
    const marks = option.series[0]?.markLine?.data ?? [];
    const limits = marks.filter((m) => 'yAxis' in m);
    expect(limits.map((m) => ('yAxis' in m ? m.yAxis : null))).toEqual([18, 30]);
    expect(limits.map((m) => m.label.formatter)).toEqual(['Alaraja 18', 'Yläraja 30']);
    for (const m of limits) expect(m.lineStyle.type).toBe('dashed');
    const alarms = marks.filter((m) => 'xAxis' in m);
    expect(alarms).toHaveLength(1);
    expect(alarms[0] && 'xAxis' in alarms[0] ? alarms[0].xAxis : null).toBe(
      Date.UTC(2026, 0, 1, 12),
    );
  });

  it('keeps limits outside the data in view', () => {
    const option = measurementChartOption(input(), { interactive: false });
    expect(option.yAxis.min).toBeLessThanOrEqual(18);
    expect(option.yAxis.max).toBeGreaterThanOrEqual(30);
  });

  it('adds zoom, pan and tooltip only when interactive, and no animation for the PDF', () => {
    const still = measurementChartOption(input(), { interactive: false });
    expect(still).not.toHaveProperty('dataZoom');
    expect(still).not.toHaveProperty('tooltip');
    expect(still.animation).toBe(false);
    const live = measurementChartOption(input(), { interactive: true });
    expect(live.dataZoom?.map((z) => z.type)).toEqual(['inside', 'slider']);
    expect(live.tooltip).toEqual({ trigger: 'axis' });
  });

  it('colours series from colourIndex and leaves limits off when there are none', () => {
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
    expect(option.series.map((s) => s.lineStyle.color)).toEqual([
      CHART_COLOURS[2],
      CHART_COLOURS[3],
    ]);
    expect(option.series[0]).not.toHaveProperty('markLine');
    expect(option.legend.show).toBe(true);
  });

  it('shows the no-data text and still the limits when there are no points', () => {
    const option = measurementChartOption(input({ series: [] }), { interactive: false });
    expect(option.graphic?.style.text).toBe('Ei mittauksia');
    expect(option.series).toHaveLength(1);
    expect(option.series[0]?.markLine?.data.length).toBe(3);
  });

  it('draws wall-clock times of the given zone in UTC mode, so day ticks fall on local midnight', () => {
    const option = measurementChartOption(input({ timeZone: 'Europe/Helsinki' }), {
      interactive: false,
    });
    expect(option.useUTC).toBe(true);
    // Winter time: UTC+2.
    expect(option.series[0]?.data[0]).toEqual([Date.UTC(2026, 0, 1, 2), 21]);
    const alarm = option.series[0]?.markLine?.data.find((m) => 'xAxis' in m);
    expect(alarm && 'xAxis' in alarm ? alarm.xAxis : null).toBe(Date.UTC(2026, 0, 1, 14));
    expect(option.xAxis.axisLabel.formatter).toEqual(CHART_TIME_LABELS);
    // Without a zone the browser's own local time is used: times as given.
    const local = measurementChartOption(input(), { interactive: false });
    expect(local).not.toHaveProperty('useUTC');
    expect(local.series[0]?.data[0]).toEqual([Date.UTC(2026, 0, 1), 21]);
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
    expect(option.yAxis.axisLabel).toMatchObject({ formatter: formatValue });
  });

  it('is plain data (JSON round-trips), so the browser and the PDF worker share it', () => {
    const option = measurementChartOption(input({ timeZone: 'Europe/Helsinki' }), {
      interactive: true,
    });
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
  });
});

describe('chartValueExtent', () => {
  it('rounds outwards to a nice step and is undefined without data or limits', () => {
    expect(chartValueExtent([{ name: 'a', points: [[0, 400]] }], [1200])).toEqual({
      min: 200,
      max: 1400,
    });
    expect(chartValueExtent([], [null, null])).toBeUndefined();
    const flat = chartValueExtent([{ name: 'a', points: [[0, 5]] }], []);
    expect(flat?.min).toBeLessThan(5);
    expect(flat?.max).toBeGreaterThan(5);
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

describe('alarmLabelAlign', () => {
  const axis = { from: 0, to: 1000 };
  it("runs an alarm's label toward the wider side of the visible plot", () => {
    expect(alarmLabelAlign(100, axis, FULL_ZOOM)).toBe('left');
    expect(alarmLabelAlign(990, axis, FULL_ZOOM)).toBe('right');
    // Zoomed to the first half, 400 is right of the middle.
    expect(alarmLabelAlign(400, axis, { start: 0, end: 50 })).toBe('right');
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
