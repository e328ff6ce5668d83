import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  EXPORT_KINDS,
  type ExportKind,
  measurementDecimals,
  type TargetMeasurementRow,
} from '@vahti/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { type Column, DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/dates';
import { formatMeasurementValue } from '@/lib/numbers';
import { downloadFile } from '../api/download-sensor-data';
import { useTargetMeasurements } from '../api/get-target-measurements';
import { ReportOverlay } from '../components/report-overlay';
import { SensorDataFiltersBar } from '../components/sensor-data-filters';
import { filtersOf, isComplete, rangeError, type SensorDataFilters, searchOf } from '../filters';
import { failureText } from '../format';

type Download = 'csv' | 'xlsx' | 'pdf';

const DOWNLOADS: Record<Download, { path: string; fallback: string }> = {
  csv: { path: '/api/exports/measurements.csv', fallback: 'vahti-mittaukset.csv' },
  xlsx: { path: '/api/exports/measurements.xlsx', fallback: 'vahti-mittaukset.xlsx' },
  pdf: { path: '/api/reports/measurements.pdf', fallback: 'vahti-mittausraportti.pdf' },
};

/**
 * /vainu/sensor-data (spec 001 §2 Vainu 6): the filters, kept in the URL; per device the latest
 * value, min, max and average of the range; the way to the charts, the CSV and Excel downloads
 * and the PDF report (made on the server behind a progress overlay).
 */
export function SensorDataRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const search = searchOf(filters);
  const complete = isComplete(filters);
  const summary = useTargetMeasurements(filters);
  const [pending, setPending] = useState<Download | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // What the CSV and Excel files hold: the table below, or every reading behind it.
  const [contents, setContents] = useState<ExportKind>('summary');

  // A link without days gets the default range written in, so copying it later keeps the view.
  useEffect(() => {
    if (params.toString() !== search) setParams(search, { replace: true });
  }, [params, search, setParams]);

  // The query string as last written: two changes before the next render (typing the end day,
  // then the start day, on a slow phone) each build on the one before, not on this render's
  // filters, which would put the first change back. react-router's setter sees this render's
  // params too, so it cannot merge them.
  const written = useRef(search);
  written.current = search;
  const setFilter = (change: Partial<SensorDataFilters>) => {
    setDownloadError(null);
    const next = searchOf({ ...filtersOf(new URLSearchParams(written.current)), ...change });
    written.current = next;
    setParams(next, { replace: true });
  };

  const download = async (kind: Download) => {
    setDownloadError(null);
    setPending(kind);
    try {
      const query = kind === 'pdf' ? search : `${search}&kind=${contents}`;
      await downloadFile(`${DOWNLOADS[kind].path}?${query}`, DOWNLOADS[kind].fallback);
    } catch (error) {
      setDownloadError(failureText(error));
    } finally {
      setPending(null);
    }
  };

  // One measurement's values to one precision: the readings', the averages rounded to it.
  const decimals = measurementDecimals(
    (summary.data ?? []).flatMap((row) => [row.value, row.min_value, row.max_value]),
  );
  const value = (reading: number | null) => formatMeasurementValue(reading, undefined, decimals);
  const columns: Column<TargetMeasurementRow>[] = [
    { key: 'device', label: t('sensorData.device'), value: (row) => row.deviceName },
    { key: 'target', label: t('sensorData.target'), value: (row) => row.targetName },
    {
      key: 'location',
      label: t('sensorData.location'),
      value: (row) => row.deviceLocation,
      hideBelow: 'lg',
    },
    {
      key: 'latest',
      label: t('sensorData.latest'),
      value: (row) => row.value,
      render: (row) => value(row.value),
      nowrap: true,
    },
    {
      key: 'latestAt',
      label: t('sensorData.latestAt'),
      value: (row) => row.lastAt,
      render: (row) => formatDateTime(row.lastAt) || '–',
      nowrap: true,
      hideBelow: 'xl',
    },
    {
      key: 'min',
      label: t('sensorData.min'),
      value: (row) => row.min_value,
      render: (row) => value(row.min_value),
      nowrap: true,
    },
    {
      key: 'max',
      label: t('sensorData.max'),
      value: (row) => row.max_value,
      render: (row) => value(row.max_value),
      nowrap: true,
    },
    {
      key: 'avg',
      label: t('sensorData.avg'),
      value: (row) => row.avg_value,
      render: (row) => value(row.avg_value),
      nowrap: true,
    },
    { key: 'unit', label: t('sensorData.unit'), value: (row) => row.measurementUnit },
  ];

  return (
    <Stack spacing={3}>
      <PageHeader title={t('sensorData.title')} />
      <SensorDataFiltersBar filters={filters} onChange={setFilter} />
      <FormControl>
        <FormLabel id="sensor-data-file-contents">{t('sensorData.fileContents')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="sensor-data-file-contents"
          value={contents}
          onChange={(event) => setContents(event.target.value as ExportKind)}
        >
          {EXPORT_KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              value={kind}
              control={<Radio />}
              label={t(`sensorData.contents.${kind}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          component={RouterLink}
          to={`chart?${search}`}
          disabled={!complete}
        >
          {t('sensorData.showCharts')}
        </Button>
        <Button
          variant="outlined"
          disabled={!complete || pending !== null}
          loading={pending === 'csv'}
          onClick={() => void download('csv')}
        >
          {t('sensorData.downloadCsv')}
        </Button>
        <Button
          variant="outlined"
          disabled={!complete || pending !== null}
          loading={pending === 'xlsx'}
          onClick={() => void download('xlsx')}
        >
          {t('sensorData.downloadXlsx')}
        </Button>
        <Button
          variant="outlined"
          disabled={!complete || pending !== null}
          onClick={() => void download('pdf')}
        >
          {t('sensorData.createPdf')}
        </Button>
      </Stack>
      <AlertMessage message={downloadError} />
      {complete ? (
        <DataTable
          label={t('sensorData.tableLabel')}
          rows={summary.data ?? []}
          columns={columns}
          rowKey={(row) => row.deviceId}
          loading={summary.isLoading}
          error={summary.error ? failureText(summary.error) : null}
          onRetry={() => void summary.refetch()}
          initialSort={{ key: 'device', direction: 'asc' }}
          minWidth={640}
        />
      ) : (
        // A refused range says so on its field; the table waits for a range it can show.
        !rangeError(filters) && (
          <Typography color="text.secondary">{t('sensorData.pickTargets')}</Typography>
        )
      )}
      <ReportOverlay open={pending === 'pdf'} text={t('sensorData.creatingPdf')} />
    </Stack>
  );
}
