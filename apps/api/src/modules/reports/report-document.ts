import {
  GUIDELINE_QUANTITIES,
  GUIDELINES,
  type GuidelineValue,
  INDOOR_CLIMATE_CLASS_BANDS,
  INDOOR_CLIMATE_CLASSES,
  type Language,
  measurementChartOption,
  TIME_ZONE,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import * as echarts from 'echarts';
import type { Content, createPdf, TableCell } from 'pdfmake';
import type { ReportClassBlock, ReportModel } from './report-model.js';

type TDocumentDefinitions = Parameters<typeof createPdf>[0];

// Landscape A4 in points, and the margins: the content is 761.89 × 495.28 pt.
const PAGE = { width: 841.89, height: 595.28, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** The chart's pixel size for ECharts; drawn into the PDF at CONTENT_WIDTH. */
const CHART_PX = { width: 1100, height: 600 };

/** Stacked-bar colours of the S-class shares (S1, S2 only, S3 only, outside), AA on white. */
const CLASS_COLOURS = ['#2e7d32', '#558b2f', '#9a6700', '#c62828'] as const;

const t = (language: Language, key: string, params?: Record<string, string | number>) =>
  translate(language, `reports.${key}`, params);

/** A number as people of the language write it, up to 3 decimals, no grouping ("1550", "21,5"). */
export function formatNumber(language: Language, value: number | null): string {
  if (value === null) return '–';
  const rounded = Math.round(value * 1000) / 1000;
  const text = String(rounded).replace('-', '−');
  return language === 'en' ? text : text.replace('.', ',');
}

/** A day YYYY-MM-DD as DD.MM.YYYY (spec 001 §9). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

/** An instant as DD.MM.YYYY HH.mm (HH:mm in English) in Finnish time. */
export function formatDateTime(language: Language, iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const sep = language === 'en' ? ':' : '.';
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}${sep}${parts.minute}`;
}

const percent = (language: Language, share: number) =>
  `${formatNumber(language, Math.round(share * 1000) / 10)} %`;

/** One guideline as text: "Lämmityskaudella +20…+26 °C". */
export function guidelineText(language: Language, quantity: string, g: GuidelineValue): string {
  return t(language, `guidelines.${quantity}.${g.key}`, {
    min: formatNumber(language, g.min ?? null),
    max: formatNumber(language, g.max ?? null),
    unit: g.unit,
  });
}

/**
 * The chart of one device as an SVG string, drawn by ECharts' server-side renderer from the very
 * option the browser uses (interactive off).
 */
export function renderChartSvg(model: ReportModel, index: number): string {
  const chart = model.charts[index];
  if (!chart) return '';
  const { language } = model;
  const option = measurementChartOption(
    {
      title: `${chart.targetName} – ${chart.deviceName}: ${model.measurement.name}`,
      unit: model.measurement.unit,
      series: [{ name: chart.deviceName, points: chart.points }],
      lowLimit: chart.lowLimit,
      highLimit: chart.highLimit,
      alarms: chart.alarms.map((a) => ({ timeMs: a.timeMs, label: t(language, 'alarm') })),
      colourIndex: index,
      labels: {
        lowLimit: t(language, 'lowLimit'),
        highLimit: t(language, 'highLimit'),
        noData: t(language, 'noData'),
      },
      timeZone: TIME_ZONE,
      formatValue: (value) => formatNumber(language, value),
    },
    { interactive: false },
  );
  const instance = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: CHART_PX.width,
    height: CHART_PX.height,
  });
  try {
    instance.setOption(option as echarts.EChartsOption);
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}

function heading(text: string): Content {
  return { text, style: 'heading', margin: [0, 0, 0, 12] };
}

function cover(model: ReportModel): Content[] {
  const { language: l } = model;
  const days = model.occupied.days;
  const dayText =
    days.length === 5 && days.every((d, i) => d === i + 1)
      ? t(l, 'weekdays')
      : days.length === 7
        ? t(l, 'allDays')
        : days.join(', ');
  const row = (label: string, value: string): TableCell[] => [
    { text: label, bold: true },
    { text: value },
  ];
  const unit = model.measurement.unit ? ` (${model.measurement.unit})` : '';
  return [
    { text: t(l, 'title'), style: 'title', margin: [0, 120, 0, 24] },
    {
      table: {
        widths: [160, '*'],
        body: [
          row(t(l, 'organization'), model.organizationName),
          row(t(l, 'targets'), model.targetNames.join(', ') || '–'),
          row(t(l, 'period'), `${formatDay(model.period.sd)}–${formatDay(model.period.ed)}`),
          row(t(l, 'measurement'), `${model.measurement.name}${unit}`),
          row(t(l, 'devices'), String(model.rows.length)),
          row(
            t(l, 'occupiedHours'),
            t(l, 'occupiedValue', {
              days: dayText,
              start: String(model.occupied.startHour).padStart(2, '0'),
              end: String(model.occupied.endHour).padStart(2, '0'),
            }),
          ),
          row(t(l, 'createdAt'), formatDateTime(l, model.createdAt)),
        ],
      },
      layout: 'noBorders',
      fontSize: 13,
    },
  ];
}

function summary(model: ReportModel): Content[] {
  const { language: l } = model;
  const header = [
    'target',
    'device',
    'location',
    'latest',
    'latestAt',
    'min',
    'max',
    'avg',
    'count',
    'lowLimit',
    'highLimit',
  ].map((key) => ({ text: t(l, key), style: 'th' }));
  const n = (v: number | null) => ({ text: formatNumber(l, v), alignment: 'right' as const });
  const body: TableCell[][] = [
    header,
    ...model.rows.map((r) => [
      r.targetName,
      r.deviceName,
      r.deviceLocation ?? '',
      n(r.value),
      r.lastAt ? formatDateTime(l, r.lastAt) : '–',
      n(r.min),
      n(r.max),
      n(r.avg),
      { text: String(r.count), alignment: 'right' as const },
      n(r.lowLimit),
      n(r.highLimit),
    ]),
  ];
  const unit = model.measurement.unit ? ` (${model.measurement.unit})` : '';
  return [
    heading(`${t(l, 'summaryTitle')}: ${model.measurement.name}${unit}`),
    model.rows.length === 0
      ? { text: t(l, 'noDevices') }
      : {
          table: {
            headerRows: 1,
            widths: ['*', '*', '*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
            body,
          },
          layout: 'lightHorizontalLines',
          fontSize: 9,
        },
  ];
}

function charts(model: ReportModel): Content[] {
  const { language: l } = model;
  return model.charts.map((chart, i) => ({
    stack: [
      ...(i === 0 ? [heading(t(l, 'chartsTitle'))] : []),
      { svg: renderChartSvg(model, i), width: CONTENT_WIDTH },
      ...(chart.downsampled ? [{ text: t(l, 'downsampled'), style: 'note' }] : []),
    ],
    pageBreak: 'before' as const,
  }));
}

function guidelines(model: ReportModel): Content[] {
  const { language: l } = model;
  return [
    heading(t(l, 'guidelinesTitle')),
    { text: t(l, 'guidelinesIntro'), margin: [0, 0, 0, 12] },
    {
      table: {
        widths: [240, '*'],
        body: GUIDELINE_QUANTITIES.map((q) => {
          const bold = q === model.measurement.quantity;
          return [
            { text: t(l, `quantities.${q}`), bold: true },
            { text: GUIDELINES[q].map((g) => guidelineText(l, q, g)).join('\n'), bold },
          ];
        }),
      },
      layout: 'lightHorizontalLines',
      fontSize: 11,
    },
  ];
}

/** A stacked bar of the class shares: S1, S2 only, S3 only, outside. */
function classBar(d: ReportClassBlock['devices'][number], width: number): Content {
  const parts = [d.S1, d.S2 - d.S1, d.S3 - d.S2, d.outside];
  let x = 0;
  const canvas = parts.map((share, i) => {
    const w = Math.max(0, share) * width;
    const rect = { type: 'rect' as const, x, y: 0, w, h: 12, color: CLASS_COLOURS[i] as string };
    x += w;
    return rect;
  });
  return d.count === 0
    ? { text: '–' }
    : {
        canvas: [
          { type: 'rect', x: 0, y: 0, w: width, h: 12, lineColor: '#9e9e9e', lineWidth: 0.5 },
          ...canvas,
        ],
      };
}

function classes(model: ReportModel): Content[] {
  const { language: l } = model;
  const out: Content[] = [
    heading(t(l, 'classesTitle')),
    { text: t(l, 'classesIntro'), margin: [0, 0, 0, 6] },
    {
      columns: ['S1', 'S2', 'S3', t(l, 'outside')].map((label, i) => ({
        width: 'auto',
        columns: [
          {
            canvas: [{ type: 'rect', x: 0, y: 2, w: 10, h: 8, color: CLASS_COLOURS[i] as string }],
            width: 14,
          },
          { text: label, width: 'auto', margin: [0, 0, 16, 0] },
        ],
      })),
      margin: [0, 0, 0, 10],
    },
  ];
  if (model.classes.length === 0) return [...out, { text: t(l, 'classesNone') }];
  const barWidth = 200;
  for (const block of model.classes) {
    const bands = INDOOR_CLIMATE_CLASSES.map((c) => {
      const b = INDOOR_CLIMATE_CLASS_BANDS[block.quantity][c];
      const min = b.min === undefined ? '' : `${formatNumber(l, b.min)}…`;
      const max = b.max === undefined ? '' : formatNumber(l, b.max);
      return `${c} ${min || '≤ '}${max} ${block.unit}`.trim();
    }).join(', ');
    out.push(
      {
        text: `${t(l, `quantities.${block.quantity}`)} – ${block.measurementName}`,
        style: 'subheading',
        margin: [0, 8, 0, 2],
      },
      { text: t(l, 'classesBands', { bands }), style: 'note', margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: ['*', '*', 'auto', 'auto', 'auto', 'auto', 'auto', barWidth],
          body: [
            [
              t(l, 'target'),
              t(l, 'device'),
              t(l, 'readings'),
              'S1',
              'S2',
              'S3',
              t(l, 'outside'),
              '',
            ].map((text) => ({ text, style: 'th' })),
            ...block.devices.map((d) => [
              d.targetName,
              d.deviceName,
              { text: String(d.count), alignment: 'right' as const },
              ...[d.S1, d.S2, d.S3, d.outside].map((s) => ({
                text: d.count === 0 ? '–' : percent(l, s),
                alignment: 'right' as const,
              })),
              classBar(d, barWidth),
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
        fontSize: 9,
      },
    );
  }
  return out;
}

/** The pdfmake document of a report: cover, summary, charts, guidelines, S-classes. */
export function reportDocument(model: ReportModel): TDocumentDefinitions {
  const { language: l } = model;
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: PAGE.margin,
    info: { title: t(l, 'title'), creator: 'Vahti' },
    defaultStyle: { font: 'Roboto', fontSize: 10, color: '#212121' },
    styles: {
      title: { fontSize: 28, bold: true },
      heading: { fontSize: 16, bold: true },
      subheading: { fontSize: 12, bold: true },
      th: { bold: true, fontSize: 9 },
      note: { fontSize: 8, color: '#616161' },
    },
    footer: (page: number, pages: number) => ({
      text: `${t(l, 'title')} · ${model.organizationName} · ${t(l, 'page', { page, pages })}`,
      alignment: 'center',
      fontSize: 8,
      color: '#616161',
      margin: [0, 12, 0, 0],
    }),
    content: [
      ...cover(model),
      { text: '', pageBreak: 'after' },
      ...summary(model),
      ...charts(model),
      { text: '', pageBreak: 'before' },
      ...guidelines(model),
      { text: '', pageBreak: 'before' },
      ...classes(model),
    ],
  };
}
