import { describe, expect, it } from 'vitest';
import { createReportRenderer } from './render-pool.js';
import type { ReportModel } from './report-model.js';

const model = (devices: number): ReportModel => ({
  language: 'fi',
  createdAt: '2026-11-02T10:00:00.000Z',
  organizationName: 'Testi Oy',
  logo: null,
  targets: [
    {
      targetId: 't',
      name: 'Koulu',
      address: 'Koulukatu 1',
      zipCode: '00100',
      postalDistrict: 'Helsinki',
    },
  ],
  period: { sd: '2026-11-01', ed: '2026-11-02' },
  measurement: { id: 'm', name: 'CO2', unit: 'ppm', quantity: 'co2' },
  occupied: { days: [1, 2, 3, 4, 5], startHour: 8, endHour: 16 },
  rows: Array.from({ length: devices }, (_, d) => ({
    deviceName: `Anturi ${d}`,
    targetId: 't',
    targetName: 'Koulu',
    deviceLocation: null,
    value: 549,
    lastAt: '2026-11-02T21:00:00.000Z',
    min: 500,
    max: 549,
    avg: 524.5,
    count: 50,
    lowLimit: 400,
    highLimit: 1200,
  })),
  charts: Array.from({ length: devices }, (_, d) => ({
    deviceName: `Anturi ${d}`,
    targetName: 'Koulu',
    downsampled: false,
    lowLimit: 400,
    highLimit: 1200,
    alarms: [],
    series: [
      {
        key: 'readings' as const,
        points: Array.from(
          { length: 50 },
          (_, i) => [Date.UTC(2026, 10, 1) + i * 3_600_000, 500 + i] as [number, number],
        ),
      },
    ],
  })),
  classes: [],
  highlights: { limit: { kind: 'action', value: 1550 }, hoursOver: 0, worstHours: [] },
  alarms: { rows: [], total: 0, byKind: {} },
});

describe('report renderer', () => {
  it('renders in a worker thread and hands back the PDF', async () => {
    const renderer = createReportRenderer({ threads: 1, queue: 0 });
    try {
      const pdf = await renderer.render(async () => model(2));
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    } finally {
      await renderer.close();
    }
  });

  it('refuses a report beyond threads + queue at once with 503 REPORTS_BUSY, before gathering', async () => {
    const renderer = createReportRenderer({ threads: 1, queue: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gather = async () => {
      await held;
      return model(1);
    };
    try {
      const first = renderer.render(gather);
      const second = renderer.render(gather);
      let gathered = false;
      await expect(
        renderer.render(async () => {
          gathered = true;
          return model(1);
        }),
      ).rejects.toMatchObject({ statusCode: 503, code: 'reports.REPORTS_BUSY' });
      expect(gathered).toBe(false);
      expect(renderer.inFlight).toBe(2);
      release();
      await Promise.all([first, second]);
      expect(renderer.inFlight).toBe(0);
      // Room again once they are done.
      await expect(renderer.render(async () => model(1))).resolves.toBeInstanceOf(Uint8Array);
    } finally {
      await renderer.close();
    }
  });

  it('renders on the event loop with threads 0 (the bench baseline)', async () => {
    const renderer = createReportRenderer({ threads: 0, queue: 0 });
    const pdf = await renderer.render(async () => model(1));
    expect(pdf.length).toBeGreaterThan(1000);
  });
});
