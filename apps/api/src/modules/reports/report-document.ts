import {
  GUIDELINE_QUANTITIES,
  GUIDELINES,
  type GuidelineValue,
  INDOOR_CLIMATE_CLASS_BANDS,
  INDOOR_CLIMATE_CLASSES,
  type Language,
  measurementChartOption,
  measurementDecimals,
  TIME_ZONE,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import * as echarts from 'echarts';
import type { Content, createPdf, TableCell } from 'pdfmake';
import type {
  ReportAlarm,
  ReportClassBlock,
  ReportModel,
  ReportRow,
  ReportTarget,
} from './report-model.js';

type TDocumentDefinitions = Parameters<typeof createPdf>[0];

// Landscape A4 in points, and the margins: the content is 761.89 × 495.28 pt.
const PAGE = { width: 841.89, height: 595.28, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/**
 * The chart's pixel size for ECharts; drawn into the PDF at CONTENT_WIDTH, about 210 pt high, so
 * two charts share a page.
 */
const CHART_PX = { width: 1100, height: 300 };
/** A table of at most this many rows stays on one page with its heading. */
const KEEP_TOGETHER_ROWS = 20;
const GREY = '#616161';
/** The daily highest value's line: 3:1 against white, as a graphic needs. */
const MAX_COLOUR = '#78909c';

/** Stacked-bar colours of the S-class shares (S1, S2 only, S3 only, outside), AA on white. */
const CLASS_COLOURS = ['#2e7d32', '#558b2f', '#9a6700', '#c62828'] as const;

const t = (language: Language, key: string, params?: Record<string, string | number>) =>
  translate(language, `reports.${key}`, params);

/**
 * A number as people of the language write it, up to 3 decimals, no grouping ("1550", "21,5");
 * with `decimals`, exactly that many (a measurement's readings' precision: "21,30").
 */
export function formatNumber(language: Language, value: number | null, decimals?: number): string {
  if (value === null) return '–';
  const text = (
    decimals === undefined ? String(Math.round(value * 1000) / 1000) : value.toFixed(decimals)
  ).replace('-', '−');
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
 * The quantity and the measurement's name, once when the one holds the other ("Lämpötila",
 * "Hiilidioksidi (CO2)"), else both: "Lämpötila – Sisälämpö".
 */
export function quantityHeading(quantityName: string, measurementName: string): string {
  return quantityName.toLocaleLowerCase('fi').includes(measurementName.toLocaleLowerCase('fi'))
    ? quantityName
    : `${quantityName} – ${measurementName}`;
}

/** An alarm's length: "45 min", "2 h 5 min", "3 vrk 4 h". */
export function formatDuration(language: Language, ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return t(language, 'durationDays', { days, hours: hours % 24 });
  if (hours > 0 && minutes % 60 === 0) return t(language, 'durationWholeHours', { hours });
  if (hours > 0) return t(language, 'durationHours', { hours, minutes: minutes % 60 });
  return t(language, 'durationMinutes', { minutes });
}

const unitSuffix = (model: ReportModel) =>
  model.measurement.unit ? ` ${model.measurement.unit}` : '';

/** The target's address on one line: "Koulukatu 12, 33100 Tampere". */
const addressOf = (target: ReportTarget) =>
  [target.address, `${target.zipCode} ${target.postalDistrict}`.trim()]
    .filter((part) => part !== '')
    .join(', ');

/**
 * The chart of one device as an SVG string, drawn by ECharts' server-side renderer from the very
 * option the browser uses (interactive off), its value axis fitted to the readings (fittedAxis).
 */
export function renderChartSvg(model: ReportModel, index: number): string {
  const chart = model.charts[index];
  if (!chart) return '';
  const { language } = model;
  const series = chart.series.map((s) => ({
    name: t(language, `series.${s.key}`),
    points: s.points,
  }));
  const option = measurementChartOption(
    {
      title: `${chart.deviceName}: ${model.measurement.name}`,
      unit: model.measurement.unit,
      series,
      lowLimit: chart.lowLimit,
      highLimit: chart.highLimit,
      // Unlabelled spans in the lane: the alarm table names them.
      alarms: chart.alarms.map((a) => ({ timeMs: a.timeMs, label: '' })),
      colourIndex: 0,
      labels: {
        lowLimit: t(language, 'lowLimit'),
        highLimit: t(language, 'highLimit'),
        noData: t(language, 'noData'),
        alarms: t(language, 'alarmLane'),
        time: t(language, 'timeAxis'),
      },
      timeZone: TIME_ZONE,
      formatValue: (value) => formatNumber(language, value),
    },
    { interactive: false },
  );
  // The daily highest value is the quieter line beside the mean: grey, not an alarm's red.
  const isDailyMax = (id: string | undefined) => {
    const line = /^line-(\d+)$/.exec(id ?? '');
    return line !== null && chart.series[Number(line[1])]?.key === 'dailyMax';
  };
  const fitted = {
    ...option,
    title: { ...option.title, textStyle: { fontSize: 15, color: '#212121' } },
    color: chart.series.map((s, i) => (s.key === 'dailyMax' ? MAX_COLOUR : option.color[i])),
    series: option.series.map((s) =>
      isDailyMax(s.id)
        ? { ...s, lineStyle: { width: 1, color: MAX_COLOUR }, itemStyle: { color: MAX_COLOUR } }
        : s,
    ),
  };
  const instance = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: CHART_PX.width,
    height: CHART_PX.height,
  });
  try {
    instance.setOption(fitted as echarts.EChartsOption);
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}

function heading(text: string, margin: [number, number, number, number] = [0, 0, 0, 10]): Content {
  return { text, style: 'heading', margin, headlineLevel: 1 };
}

const label = (text: string): TableCell => ({ text, style: 'label' });

/** The occupied time as text: "ma–pe klo 08–16". */
function occupiedText(model: ReportModel): string {
  const { language: l } = model;
  const days = model.occupied.days;
  const dayText =
    days.length === 5 && days.every((d, i) => d === i + 1)
      ? t(l, 'weekdays')
      : days.length === 7
        ? t(l, 'allDays')
        : days.join(', ');
  return t(l, 'occupiedValue', {
    days: dayText,
    start: String(model.occupied.startHour).padStart(2, '0'),
    end: String(model.occupied.endHour).padStart(2, '0'),
  });
}

/** The whole selection's share of each class: the devices' shares weighted by their readings. */
function classTotals(block: ReportClassBlock) {
  const count = block.devices.reduce((sum, d) => sum + d.count, 0);
  const share = (pick: (d: ReportClassBlock['devices'][number]) => number) =>
    count === 0 ? 0 : block.devices.reduce((sum, d) => sum + pick(d) * d.count, 0) / count;
  return {
    count,
    S1: share((d) => d.S1),
    S2: share((d) => d.S2),
    S3: share((d) => d.S3),
    outside: share((d) => d.outside),
  };
}

/** The first page: title, logo, what the report covers, and the executive summary. */
function cover(model: ReportModel): Content[] {
  const { language: l } = model;
  const unit = model.measurement.unit ? ` (${model.measurement.unit})` : '';
  const silent = model.rows.filter((r) => r.count === 0).length;
  const readings = model.rows.reduce((sum, r) => sum + r.count, 0);
  const shown = model.targets.slice(0, 4);
  const targetsText = [
    ...shown.map((target) => ({
      stack: [
        { text: target.name, bold: true },
        { text: addressOf(target), color: GREY },
      ],
      margin: [0, 0, 0, 3] as [number, number, number, number],
    })),
    ...(model.targets.length > shown.length
      ? [{ text: t(l, 'moreTargets', { count: model.targets.length - shown.length }) }]
      : []),
  ];
  const facts: TableCell[][] = [
    [label(t(l, 'targets')), model.targets.length === 0 ? '–' : { stack: targetsText }],
    [label(t(l, 'period')), `${formatDay(model.period.sd)}–${formatDay(model.period.ed)}`],
    [label(t(l, 'measurement')), `${model.measurement.name}${unit}`],
    [
      label(t(l, 'devices')),
      silent === 0
        ? String(model.rows.length)
        : t(l, 'devicesSilent', { count: model.rows.length, silent }),
    ],
    [label(t(l, 'occupiedHours')), occupiedText(model)],
    [label(t(l, 'createdAt')), formatDateTime(l, model.createdAt)],
  ];

  const { highlights, alarms } = model;
  const hoursLabel =
    highlights.limit.kind === 'action'
      ? t(l, 'hoursOverAction', {
          limit: `${formatNumber(l, highlights.limit.value)}${unitSuffix(model)}`,
        })
      : t(l, 'hoursOverHigh');
  const kinds = Object.entries(alarms.byKind)
    .sort(([, a], [, b]) => (b ?? 0) - (a ?? 0))
    .map(([kind, count]) => `${t(l, `alarmKinds.${kind}`)} ${count}`)
    .join(' · ');
  const figures: TableCell[][] = [
    [label(t(l, 'readingsTotal')), { text: String(readings), alignment: 'right' }],
    [label(hoursLabel), { text: String(highlights.hoursOver), alignment: 'right' }],
    [label(t(l, 'alarmsOpened')), { text: String(alarms.total), alignment: 'right' }],
    ...(kinds ? [[{ text: kinds, colSpan: 2, style: 'note' }, {}] as TableCell[]] : []),
  ];

  const classRows = model.classes.map((block) => {
    const total = classTotals(block);
    return [
      quantityHeading(t(l, `quantities.${block.quantity}`), block.measurementName),
      ...[total.S1, total.S2, total.S3, total.outside].map((share) => ({
        text: total.count === 0 ? '–' : percent(l, share),
        alignment: 'right' as const,
      })),
    ];
  });
  const summaryColumn: Content[] = [
    heading(t(l, 'summaryTitle'), [0, 0, 0, 6]),
    { table: { widths: ['*', 60], body: figures }, layout: 'lightHorizontalLines' },
    {
      text: t(l, 'classesShort', { occupied: occupiedText(model) }),
      style: 'subheading',
      margin: [0, 12, 0, 4],
    },
    classRows.length === 0
      ? { text: t(l, 'classesNone'), style: 'note' }
      : {
          table: {
            headerRows: 1,
            widths: ['*', 44, 44, 44, 56],
            body: [
              ['', 'S1', 'S2', 'S3', t(l, 'outside')].map((text, i) => ({
                text,
                style: 'th',
                alignment: i === 0 ? ('left' as const) : ('right' as const),
              })),
              ...classRows,
            ],
          },
          layout: 'lightHorizontalLines',
        },
    { text: t(l, 'worstTitle'), style: 'subheading', margin: [0, 12, 0, 4] },
    highlights.worstHours.length === 0
      ? { text: t(l, 'noData'), style: 'note' }
      : {
          table: {
            headerRows: 1,
            widths: ['auto', '*', 'auto'],
            body: [
              [t(l, 'time'), t(l, 'device'), t(l, 'value')].map((text, i) => ({
                text,
                style: 'th',
                alignment: i === 2 ? ('right' as const) : ('left' as const),
              })),
              ...highlights.worstHours.map((w) => [
                formatDateTime(l, w.at),
                model.targets.length > 1 ? `${w.targetName} / ${w.deviceName}` : w.deviceName,
                {
                  text: `${formatNumber(l, w.value)}${unitSuffix(model)}`,
                  alignment: 'right' as const,
                },
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
        },
  ];

  return [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: t(l, 'title'), style: 'title' },
            { text: model.organizationName, fontSize: 14, color: GREY, margin: [0, 2, 0, 0] },
          ],
        },
        model.logo
          ? { width: 180, image: model.logo, fit: [180, 56], alignment: 'right' }
          : { width: 0, text: '' },
      ],
    },
    {
      canvas: [
        {
          type: 'line',
          x1: 0,
          y1: 0,
          x2: CONTENT_WIDTH,
          y2: 0,
          lineWidth: 1,
          lineColor: '#bdbdbd',
        },
      ],
      margin: [0, 10, 0, 16],
    },
    {
      columns: [
        {
          width: 300,
          table: { widths: [96, '*'], body: facts },
          layout: 'noBorders',
          fontSize: 11,
        },
        { width: '*', stack: summaryColumn, margin: [24, 0, 0, 0] },
      ],
    },
  ];
}

/** One target's devices: their summary table, the silent ones as a line each, then the charts. */
function targetSection(model: ReportModel, target: ReportTarget, first: boolean): Content[] {
  const { language: l } = model;
  const indexed = model.rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.targetId === target.targetId);
  const withData = indexed.filter(({ row }) => row.count > 0);
  const silent = indexed.filter(({ row }) => row.count === 0);
  // The table's values to its readings' precision, the averages rounded to it.
  const decimals = measurementDecimals(
    withData.flatMap(({ row }) => [row.value, row.min, row.max]),
  );
  const n = (v: number | null) => ({
    text: formatNumber(l, v, decimals),
    alignment: 'right' as const,
  });
  const header = [
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
  const line = (r: ReportRow): TableCell[] => [
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
  ];
  const head: Content[] = [
    heading(target.name, [0, 0, 0, 0]),
    { text: addressOf(target), color: GREY, margin: [0, 2, 0, 8] },
    withData.length === 0
      ? { text: '' }
      : {
          table: {
            headerRows: 1,
            keepWithHeaderRows: 1,
            widths: ['*', '*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
            body: [header, ...withData.map(({ row }) => line(row))],
          },
          layout: 'lightHorizontalLines',
          fontSize: 9,
        },
    ...(withData.some(({ index }) => model.charts[index]?.series[0]?.key === 'dailyMean')
      ? [
          {
            text: t(l, 'dailyNote'),
            style: 'note',
            margin: [0, 6, 0, 0] as [number, number, number, number],
          },
        ]
      : []),
    ...silent.map(({ row }) => ({
      text: [
        { text: row.deviceName, bold: true },
        row.deviceLocation ? ` (${row.deviceLocation})` : '',
        `: ${t(l, 'noReadings')}`,
      ],
      margin: [0, 6, 0, 0] as [number, number, number, number],
    })),
  ];
  const charts = withData.map(({ index }) => {
    const chart = model.charts[index];
    return {
      unbreakable: true,
      stack: [
        { svg: renderChartSvg(model, index), width: CONTENT_WIDTH },
        ...(chart?.downsampled ? [{ text: t(l, 'downsampled'), style: 'note' }] : []),
      ],
      margin: [0, 14, 0, 0] as [number, number, number, number],
    };
  });
  return [
    {
      stack: head,
      unbreakable: withData.length + silent.length <= KEEP_TOGETHER_ROWS,
      ...(first ? {} : { margin: [0, 24, 0, 0] as [number, number, number, number] }),
    },
    ...charts,
  ];
}

/** The alarms opened in the period, newest first. */
function alarmTable(model: ReportModel): Content[] {
  const { language: l } = model;
  const { rows, total } = model.alarms;
  const manyTargets = model.targets.length > 1;
  if (total === 0) {
    return [
      {
        unbreakable: true,
        stack: [heading(t(l, 'alarmsTitle'), [0, 24, 0, 6]), { text: t(l, 'noAlarms') }],
      },
    ];
  }
  const header = [
    'device',
    ...(manyTargets ? ['target'] : []),
    'alarmKind',
    'alarmStart',
    'alarmEnd',
    'alarmDuration',
    'acknowledgedBy',
  ].map((key) => ({ text: t(l, key), style: 'th' }));
  const row = (a: ReportAlarm): TableCell[] => [
    a.deviceName,
    ...(manyTargets ? [a.targetName] : []),
    t(l, `alarmKinds.${a.kind}`),
    formatDateTime(l, a.createdAt),
    a.closedAt ? formatDateTime(l, a.closedAt) : t(l, 'alarmOngoing'),
    a.closedAt ? formatDuration(l, Date.parse(a.closedAt) - Date.parse(a.createdAt)) : '',
    a.acknowledgedBy === null ? '–' : a.acknowledgedBy || t(l, 'system'),
  ];
  const table: Content = {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: manyTargets
        ? ['*', '*', 'auto', 'auto', 'auto', 'auto', '*']
        : ['*', 'auto', 'auto', 'auto', 'auto', '*'],
      body: [header, ...rows.map(row)],
    },
    layout: 'lightHorizontalLines',
    fontSize: 9,
  };
  const intro: Content[] = [
    heading(t(l, 'alarmsTitle'), [0, 24, 0, 6]),
    {
      text:
        total > rows.length
          ? t(l, 'alarmsNewest', { shown: rows.length, total })
          : t(l, 'alarmsAll', { total }),
      style: 'note',
      margin: [0, 0, 0, 6],
    },
  ];
  return rows.length <= KEEP_TOGETHER_ROWS
    ? [{ unbreakable: true, stack: [...intro, table] }]
    : [...intro, table];
}

function guidelines(model: ReportModel): Content[] {
  const { language: l } = model;
  return [
    {
      unbreakable: true,
      stack: [
        heading(t(l, 'guidelinesTitle'), [0, 24, 0, 6]),
        { text: t(l, 'guidelinesIntro'), margin: [0, 0, 0, 8] },
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
          // No header row: every line between the quantities as light as the next.
          layout: {
            hLineWidth: (k: number, node: { table: { body: unknown[] } }) =>
              k === 0 || k === node.table.body.length ? 0 : 1,
            vLineWidth: () => 0,
            hLineColor: () => '#aaaaaa',
          },
          fontSize: 10,
        },
      ],
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
  const intro: Content[] = [
    heading(t(l, 'classesTitle'), [0, 24, 0, 6]),
    { text: t(l, 'classesIntro'), margin: [0, 0, 0, 6] },
    {
      columns: ['S1', 'S2', 'S3', t(l, 'outside')].map((text, i) => ({
        width: 'auto',
        columns: [
          {
            canvas: [{ type: 'rect', x: 0, y: 2, w: 10, h: 8, color: CLASS_COLOURS[i] as string }],
            width: 14,
          },
          { text, width: 'auto', margin: [0, 0, 16, 0] },
        ],
      })),
      margin: [0, 0, 0, 4],
    },
  ];
  if (model.classes.length === 0) {
    return [{ unbreakable: true, stack: [...intro, { text: t(l, 'classesNone') }] }];
  }
  const barWidth = 200;
  const blocks: Content[] = model.classes.map((block, k) => {
    const bands = INDOOR_CLIMATE_CLASSES.map((c) => {
      const b = INDOOR_CLIMATE_CLASS_BANDS[block.quantity][c];
      const min = b.min === undefined ? '' : `${formatNumber(l, b.min)}…`;
      const max = b.max === undefined ? '' : formatNumber(l, b.max);
      return `${c} ${min || '≤ '}${max} ${block.unit}`.trim();
    }).join(', ');
    const manyTargets = model.targets.length > 1;
    const measured = block.devices.filter((d) => d.count > 0);
    const unmeasured = block.devices.filter((d) => d.count === 0).map((d) => d.deviceName);
    const stack: Content[] = [
      ...(k === 0 ? intro : []),
      {
        text: quantityHeading(t(l, `quantities.${block.quantity}`), block.measurementName),
        style: 'subheading',
        margin: [0, 8, 0, 2],
      },
      { text: t(l, 'classesBands', { bands }), style: 'note', margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: [
            ...(manyTargets ? ['*'] : []),
            '*',
            'auto',
            'auto',
            'auto',
            'auto',
            'auto',
            barWidth,
          ],
          body: [
            [
              ...(manyTargets ? [t(l, 'target')] : []),
              t(l, 'device'),
              t(l, 'readings'),
              'S1',
              'S2',
              'S3',
              t(l, 'outside'),
              '',
            ].map((text) => ({ text, style: 'th' })),
            ...measured.map((d) => [
              ...(manyTargets ? [d.targetName] : []),
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
      ...(unmeasured.length > 0
        ? [
            {
              text: t(l, 'classesUnmeasured', { devices: unmeasured.join(', ') }),
              style: 'note',
              margin: [0, 4, 0, 0] as [number, number, number, number],
            },
          ]
        : []),
    ];
    return measured.length <= KEEP_TOGETHER_ROWS ? { unbreakable: true, stack } : { stack };
  });
  return blocks;
}

/**
 * The pdfmake document of a report: the first page (what, where, when, the summary), a section
 * per target (its devices' table, silent devices as a line, a chart per device with readings),
 * the alarm table, the S-class shares per device and the guideline values. Sections flow one
 * after another; a small table stays with its heading, and a heading never ends a page.
 */
export function reportDocument(model: ReportModel): TDocumentDefinitions {
  const { language: l } = model;
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: PAGE.margin,
    info: { title: t(l, 'title'), creator: 'Vahti' },
    defaultStyle: { font: 'Roboto', fontSize: 10, color: '#212121' },
    styles: {
      title: { fontSize: 26, bold: true },
      heading: { fontSize: 15, bold: true },
      subheading: { fontSize: 11, bold: true },
      label: { bold: true },
      th: { bold: true, fontSize: 9 },
      note: { fontSize: 8, color: GREY },
    },
    footer: (page: number, pages: number) => ({
      text: `${t(l, 'title')} · ${model.organizationName} · ${t(l, 'page', { page, pages })}`,
      alignment: 'center',
      fontSize: 8,
      color: GREY,
      margin: [0, 12, 0, 0],
    }),
    pageBreakBefore: (node, nodes) =>
      node.headlineLevel === 1 && nodes.getFollowingNodesOnPage().length === 0,
    content: [
      ...cover(model),
      { text: '', pageBreak: 'after' },
      ...(model.rows.length === 0 ? [{ text: t(l, 'noDevices') }] : []),
      ...model.targets.flatMap((target, i) => targetSection(model, target, i === 0)),
      ...alarmTable(model),
      ...classes(model),
      ...guidelines(model),
    ],
  };
}
