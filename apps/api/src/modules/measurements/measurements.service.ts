import {
  type CreateMeasurementBody,
  MAX_PAYLOAD_BYTES,
  type MeasurementRecord,
  PLAUSIBLE_RANGES,
  payloadLayout,
  type UpdateMeasurementBody,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { changedValues } from '../../lib/changed-values.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { authorize, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { MeasurementsRepository, MeasurementValues } from './measurements.repository.js';

const READ = { do: 'openSection', section: 'vainu' } as const;
const MANAGE = { do: 'manageDevices' } as const;

type Body = Omit<CreateMeasurementBody, 'measurementType'> &
  Required<Pick<CreateMeasurementBody, 'measurementType'>>;

function valuesOf(body: Body) {
  const quantity = body.measurementQuantity ?? 'other';
  const bounds = PLAUSIBLE_RANGES[quantity];
  const validMin =
    body.measurementValidMin === undefined ? bounds.measurementValidMin : body.measurementValidMin;
  const validMax =
    body.measurementValidMax === undefined ? bounds.measurementValidMax : body.measurementValidMax;
  // The schema compares two bounds given; one given and one defaulted are compared here.
  if (validMin !== null && validMax !== null && validMin >= validMax) {
    throw new AppError(400, 'VALIDATION_FAILED', {
      measurementValidMax: 'validation.device.lowBelowHigh',
    });
  }
  return {
    measurementName: body.measurementName,
    measurementType: body.measurementType,
    measurementSizeInBytes: body.measurementSizeInBytes,
    measurementBitNumber: body.measurementBitNumber,
    measurementState: body.measurementState ?? 'Aktiivinen',
    measurementDescription: body.measurementDescription || null,
    measurementMinDefault: body.measurementMinDefault ?? null,
    measurementMaxDefault: body.measurementMaxDefault ?? null,
    measurementSigned: body.measurementSigned ?? false,
    measurementScale: body.measurementScale ?? 1,
    measurementOffset: body.measurementOffset ?? 0,
    measurementUnit: body.measurementUnit ?? '',
    measurementByteOrder: body.measurementByteOrder ?? 'big',
    measurementQuantity: quantity,
    measurementValidMin: validMin,
    measurementValidMax: validMax,
  } satisfies Omit<MeasurementValues, 'organizationId'>;
}

const nameTaken = (err: unknown) =>
  isUniqueViolation(err, 'measurements_organization_name_key')
    ? new AppError(409, 'MEASUREMENT_NAME_TAKEN', {
        measurementName: 'errors.MEASUREMENT_NAME_TAKEN',
      })
    : err;

/**
 * Measurements and device types of Vainu (spec 001 §3, §7). Everyone with the Vainu permission
 * reads their organization's catalogue; managing it is `manageDevices`.
 */
export function createMeasurementsService({
  db,
  measurements,
  audit,
}: {
  db: Db;
  measurements: MeasurementsRepository;
  audit: AuditService;
}) {
  const audited = auditedChanges({ db, audit });

  async function read(scope: Scope, measurementId: string): Promise<MeasurementRecord> {
    const found = await measurements.findMeasurement(scope, measurementId);
    if (!found) throw notFound('MEASUREMENT_NOT_FOUND');
    return found;
  }

  return {
    list: (caller: Caller) => measurements.listMeasurements(authorize(caller, READ)),

    async create(caller: Caller, body: CreateMeasurementBody): Promise<MeasurementRecord> {
      const scope = authorize(caller, READ, MANAGE);
      // Measurements are an organization's own catalogue: created in the caller's organization
      // (the top administrator's too; another organization's catalogue is its own admins').
      const organizationId = caller.organizationId;
      const values = { ...valuesOf(body as Body), organizationId };
      const { entityId: id } = await audited(scope, async () => {
        const newId = await measurements.insertMeasurement(scope, values);
        return {
          action: 'measurement.create',
          entityId: newId,
          organizationId,
          details: values,
        };
      }).catch((err) => {
        throw nameTaken(err);
      });
      return read(scope, id);
    },

    async update(caller: Caller, body: UpdateMeasurementBody): Promise<MeasurementRecord> {
      const scope = authorize(caller, READ, MANAGE);
      const before = await read(scope, body.measurementId);
      const values = valuesOf(body as Body);
      // A device type using the measurement must still fit one payload.
      for (const type of await measurements.typesUsing(scope, body.measurementId)) {
        const shaped = type.Measurements.map((m) =>
          m.measurementId === body.measurementId ? { ...m, ...values } : m,
        );
        if (payloadLayout(shaped).payloadBytes > MAX_PAYLOAD_BYTES) {
          throw new AppError(400, 'VALIDATION_FAILED', {
            measurementSizeInBytes: 'validation.device.payloadTooLong',
          });
        }
      }
      await audited(scope, async () => {
        requireWritten(
          await measurements.updateMeasurement(scope, body.measurementId, values),
          'MEASUREMENT_NOT_FOUND',
        );
        return {
          action: 'measurement.update',
          entityId: body.measurementId,
          organizationId: before.organizationId,
          details: changedValues({ ...before }, values),
        };
      }).catch((err) => {
        throw nameTaken(err);
      });
      return read(scope, body.measurementId);
    },
  };
}

export type MeasurementsService = ReturnType<typeof createMeasurementsService>;
