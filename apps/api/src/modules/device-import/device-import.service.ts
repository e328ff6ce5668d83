import {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_IMPORT_REQUIRED_COLUMNS,
  type DeviceImportColumn,
  deviceImportRow,
  importHeaderKey,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { invalid, notFound } from '../../lib/errors.js';
import { authorize, crossesOrganizations, homeOrganization, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import type { DevicesRepository, DeviceValues } from '../devices/devices.repository.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { DeviceImportRepository } from './device-import.repository.js';
import { readSheet } from './read-sheet.js';

const READ = { do: 'openSection', section: 'vainu' } as const;
const MANAGE = { do: 'manageDevices' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FINNISH_DAY = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** An error of a row: the field (a column's field name) and its i18n key. */
export interface RowError {
  field: string;
  key: string;
}

/** A row as checked: what the preview shows, its errors, and when valid the device to store. */
export interface CheckedRow {
  row: number;
  deviceEui: string;
  deviceName: string;
  deviceQrCode: string;
  deviceTypeName: string;
  targetName: string;
  errors: RowError[];
  values?: DeviceValues;
}

/** Which column holds which field; unknown columns are left out. */
function columnsOf(header: string[]): Map<DeviceImportColumn, number> {
  const byHeader = new Map<string, DeviceImportColumn>();
  for (const [field, headers] of Object.entries(DEVICE_IMPORT_COLUMNS)) {
    for (const name of headers) byHeader.set(importHeaderKey(name), field as DeviceImportColumn);
  }
  const columns = new Map<DeviceImportColumn, number>();
  const repeated: Record<string, string> = {};
  header.forEach((name, index) => {
    const field = byHeader.get(importHeaderKey(name));
    if (!field) return;
    if (columns.has(field)) repeated[`columns.${field}`] = 'validation.deviceImport.columnRepeated';
    columns.set(field, index);
  });
  const missing = Object.fromEntries(
    DEVICE_IMPORT_REQUIRED_COLUMNS.filter((field) => !columns.has(field)).map((field) => [
      `columns.${field}`,
      'validation.deviceImport.columnMissing',
    ]),
  );
  if (Object.keys(repeated).length + Object.keys(missing).length > 0) {
    throw invalid({ ...missing, ...repeated });
  }
  return columns;
}

/** A day as Finns write it (1.5.2026) in ISO form; anything else as it is. */
function isoDay(value: string | undefined): string | undefined {
  const match = value ? FINNISH_DAY.exec(value) : null;
  if (!match) return value;
  const [, day = '', month = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** Names (and ids) of the organization's records, for the cells that name them. */
function resolver(records: { id: string; name: string }[], prefix: 'type' | 'target') {
  const byName = new Map<string, { id: string; name: string }[]>();
  const byId = new Map(records.map((record) => [record.id.toLowerCase(), record]));
  for (const record of records) {
    const key = record.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), record]);
  }
  return (value: string | undefined): { id: string; name: string } | { key: string } => {
    if (!value) return { key: 'validation.required' };
    const ofId = UUID.test(value) ? byId.get(value.toLowerCase()) : undefined;
    if (ofId) return ofId;
    const named = byName.get(value.trim().toLowerCase()) ?? [];
    if (named.length === 1 && named[0]) return named[0];
    return {
      key: `validation.deviceImport.${prefix}${named.length > 1 ? 'Ambiguous' : 'Unknown'}`,
    };
  };
}

/** Thrown inside a transaction to roll it back; what it found is on the rows. */
class Rollback extends Error {}

/**
 * Bulk import of devices (issue 25): a CSV or XLSX file of devices checked row by row as the
 * add-device form checks one device, then stored all together or not at all. Type and target are
 * named (or given by id) within the organization; DevEUIs and QR codes may repeat neither within
 * the file nor against stored devices.
 */
export function createDeviceImportService({
  db,
  devices,
  lookups,
  organizations,
  audit,
}: {
  db: Db;
  devices: Pick<DevicesRepository, 'insertMany' | 'insertHistoryMany'>;
  lookups: DeviceImportRepository;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: Pick<AuditService, 'record'>;
}) {
  async function check(caller: Caller, file: Buffer, organizationField: string | undefined) {
    const scope = authorize(caller, READ, MANAGE);
    const organizationId = homeOrganization(scope, organizationField, 'organizationId');
    if (crossesOrganizations(scope) && !(await organizations.lookup(scope, organizationId))) {
      throw notFound('ORGANIZATION_NOT_FOUND');
    }
    const sheet = await readSheet(file);
    const columns = columnsOf(sheet.header);
    if (sheet.rows.length === 0) throw invalid({ file: 'validation.deviceImport.noRows' });
    if (sheet.rows.length > DEVICE_IMPORT_MAX_ROWS) {
      throw invalid({ file: 'validation.deviceImport.tooManyRows' });
    }
    const [types, targets] = await Promise.all([
      lookups.typesOf(scope, organizationId),
      lookups.targetsOf(scope, organizationId),
    ]);
    const typeOf = resolver(types, 'type');
    const targetOf = resolver(targets, 'target');
    const firstOfEui = new Map<string, CheckedRow>();
    const firstOfQr = new Map<string, CheckedRow>();

    const rows = sheet.rows.map(({ line, cells }): CheckedRow => {
      const cell = (field: DeviceImportColumn) => {
        const index = columns.get(field);
        const value = index === undefined ? '' : (cells[index] ?? '').trim();
        return value === '' ? undefined : value;
      };
      const coordinate = (field: 'latitude' | 'longitude') => cell(field)?.replace(',', '.');
      const eui = cell('deviceEui')?.replace(/[-:\s]/g, '');
      const parsed = deviceImportRow.safeParse({
        deviceEui: eui,
        deviceName: cell('deviceName'),
        deviceQrCode: cell('deviceQrCode'),
        deviceLocation: cell('deviceLocation'),
        deviceSerialNumber: cell('deviceSerialNumber'),
        deviceComissioiningDay: isoDay(cell('deviceComissioiningDay')),
        deviceDescription: cell('deviceDescription'),
        deviceState: cell('deviceState'),
        deviceSwVersion: cell('deviceSwVersion'),
        deviceProductCode: cell('deviceProductCode'),
        latitude: coordinate('latitude'),
        longitude: coordinate('longitude'),
      });
      const errors: RowError[] = parsed.success
        ? []
        : parsed.error.issues.map((issue) => ({
            field: String(issue.path[0] ?? 'row'),
            key: issue.message,
          }));
      const type = typeOf(cell('deviceType'));
      const target = targetOf(cell('deviceTarget'));
      if ('key' in type) errors.push({ field: 'deviceType', key: type.key });
      if ('key' in target) errors.push({ field: 'deviceTarget', key: target.key });
      const checked: CheckedRow = {
        row: line,
        deviceEui: parsed.success ? parsed.data.deviceEui : (cell('deviceEui') ?? ''),
        deviceName: cell('deviceName') ?? '',
        deviceQrCode: cell('deviceQrCode') ?? '',
        deviceTypeName: 'name' in type ? type.name : (cell('deviceType') ?? ''),
        targetName: 'name' in target ? target.name : (cell('deviceTarget') ?? ''),
        errors,
      };
      if (!parsed.success || 'key' in type || 'key' in target) return checked;
      const data = parsed.data;
      if ((data.latitude === undefined) !== (data.longitude === undefined)) {
        errors.push({
          field: data.latitude === undefined ? 'latitude' : 'longitude',
          key: 'validation.deviceImport.coordinatesPair',
        });
      }
      for (const [seen, value, field, key] of [
        [firstOfEui, data.deviceEui, 'deviceEui', 'euiRepeated'],
        [firstOfQr, data.deviceQrCode, 'deviceQrCode', 'qrRepeated'],
      ] as const) {
        const first = seen.get(value);
        if (first) {
          const error = { field, key: `validation.deviceImport.${key}` };
          errors.push(error);
          if (!first.errors.some((e) => e.key === error.key)) first.errors.push(error);
        } else {
          seen.set(value, checked);
        }
      }
      checked.values = {
        organizationId,
        deviceTargetId: target.id,
        deviceTypeId: type.id,
        deviceQrCode: data.deviceQrCode,
        deviceName: data.deviceName,
        deviceEui: data.deviceEui,
        deviceSerialNumber: data.deviceSerialNumber,
        deviceComissioiningDay: data.deviceComissioiningDay,
        deviceLocation: data.deviceLocation,
        deviceLatitude: data.latitude ?? 0,
        deviceLongitude: data.longitude ?? 0,
        deviceSwVersion: data.deviceSwVersion ?? '',
        deviceProductCode: data.deviceProductCode ?? '',
        deviceState: data.deviceState,
        deviceDescription: data.deviceDescription || null,
      };
      return checked;
    });

    return { scope, organizationId, rows };
  }

  const withErrors = (rows: CheckedRow[]) => rows.filter((row) => row.errors.length > 0);

  /**
   * Inserts the devices of the rows without errors and names each row whose DevEUI or QR code is
   * taken: the unique indexes find them as the inserts go (`ON CONFLICT DO NOTHING`), a DevEUI
   * of another organization too, without any read of that organization's rows; only the few
   * refused rows are looked up to tell which of the two it was. Returns the new devices' ids in
   * row order, or null when any row has an error (the caller then rolls back).
   */
  async function insertValid(scope: Scope, organizationId: string, rows: CheckedRow[]) {
    const valid = rows.filter((row) => row.values && row.errors.length === 0);
    const stored = await devices.insertMany(
      scope,
      valid.map((row) => row.values as DeviceValues),
    );
    const storedEuis = new Map(stored.map((device) => [device.deviceEui, device.deviceId]));
    const refused = valid.filter((row) => !storedEuis.has(row.values?.deviceEui ?? ''));
    if (refused.length > 0) {
      const own = await lookups.existing(
        scope,
        organizationId,
        refused.map((row) => row.values?.deviceEui ?? ''),
        refused.map((row) => row.values?.deviceQrCode ?? ''),
      );
      const ownEuis = new Set(own.map((device) => device.deviceEui));
      const ownQrCodes = new Set(own.map((device) => device.deviceQrCode));
      for (const row of refused) {
        const qrTaken = ownQrCodes.has(row.values?.deviceQrCode ?? '');
        // Not the organization's QR code: the DevEUI is taken, here or in another organization.
        if (ownEuis.has(row.values?.deviceEui ?? '') || !qrTaken) {
          row.errors.push({ field: 'deviceEui', key: 'errors.DEVICE_EUI_TAKEN' });
        }
        if (qrTaken) row.errors.push({ field: 'deviceQrCode', key: 'errors.DEVICE_QR_CODE_TAKEN' });
      }
    }
    if (withErrors(rows).length > 0) return null;
    return rows.map((row) => storedEuis.get(row.values?.deviceEui ?? '') as string);
  }

  return {
    /** 403 for a caller who may not add devices: checked before the upload is read. */
    assertMayImport(caller: Caller): void {
      authorize(caller, READ, MANAGE);
    },

    /** Every row of the file with its errors; nothing is stored. */
    async preview(caller: Caller, file: Buffer, organizationId?: string) {
      const checked = await check(caller, file, organizationId);
      // The commit's own inserts, rolled back: what the database refuses is named here too, so a
      // clean preview commits.
      await db
        .transaction(async () => {
          await insertValid(checked.scope, checked.organizationId, checked.rows);
          throw new Rollback();
        })
        .catch((err) => {
          if (!(err instanceof Rollback)) throw err;
        });
      return checked.rows;
    },

    /**
     * Stores every row's device with its first history entry and one audit entry, in one
     * transaction; a row with an error stores nothing: 400 naming each bad row's fields
     * (`rows.<row>.<field>`).
     */
    async commit(caller: Caller, file: Buffer, organizationId?: string) {
      const checked = await check(caller, file, organizationId);
      const { scope, rows } = checked;
      const refuse = () => {
        const fields: Record<string, string> = { file: 'validation.deviceImport.rowsInvalid' };
        for (const row of withErrors(rows)) {
          for (const error of row.errors) fields[`rows.${row.row}.${error.field}`] ??= error.key;
        }
        return invalid(fields);
      };
      const firstNote = translate('fi', 'messages.device.firstHistoryNote');
      try {
        return await db.transaction(async () => {
          const ids = await insertValid(scope, checked.organizationId, rows);
          if (!ids) throw new Rollback();
          await devices.insertHistoryMany(
            scope,
            rows.map((row, index) => {
              const {
                organizationId: _,
                deviceLatitude,
                deviceLongitude,
                ...rest
              } = row.values as DeviceValues;
              return {
                organizationId: checked.organizationId,
                deviceId: ids[index] as string,
                targetName: row.targetName,
                deviceText: firstNote,
                changes: {
                  ...rest,
                  deviceOrganizationId: checked.organizationId,
                  deviceGeoInfo: `${deviceLatitude}, ${deviceLongitude}`,
                },
              };
            }),
          );
          await audit.record(scope, {
            action: 'device.import',
            entityId: null,
            organizationId: checked.organizationId,
            details: { count: ids.length, deviceEuis: rows.map((row) => row.deviceEui) },
          });
          return ids;
        });
      } catch (err) {
        if (!(err instanceof Rollback)) throw err;
        throw refuse();
      }
    },
  };
}

export type DeviceImportService = ReturnType<typeof createDeviceImportService>;
