import { z } from 'zod';
import { STATES, TEXT_COUNTER_MAX } from '../constants.js';
import { ROLES } from '../roles.js';
import {
  id,
  msg,
  optionalText,
  positiveInt,
  recordOf,
  recordState,
  requiredField,
  text,
} from './fields.js';
import { application } from './organizations.js';

// Materiaalipankki: the document library (spec 001 §2, §3, §5, §6, §7).

/** The kinds of file the library takes, judged by content (magic bytes), never by name. */
export const MATERIALBANK_KINDS = {
  pdf: { mime: 'application/pdf', extension: 'pdf' },
  jpg: { mime: 'image/jpeg', extension: 'jpg' },
} as const;
export type MaterialbankKind = keyof typeof MATERIALBANK_KINDS;

/** Default upper bound of an upload; the API reads its own from MATERIALBANK_MAX_FILE_MB. */
export const MATERIALBANK_DEFAULT_MAX_FILE_MB = 25;

/**
 * The application a Tieto or Vainu list asks for (`appId` of GET /api/materialbank-files-by-user;
 * the spec's Tieto screen sends '1'). A file shows in an area's list when its applications include
 * the area's id.
 */
export const MATERIALBANK_AREA_APPLICATION = { tieto: 1, vainu: 2 } as const;

/**
 * What a file's `applications` name: the areas whose file lists show it. They are not the
 * organization applications (Tehovahti, Sisäilma, Käyttäjät), whose ids happen to be 1–3 too; the
 * form once offered those, and a file marked Sisäilma (2) showed in Vainu instead of Tieto.
 */
export const MATERIALBANK_AREAS = [
  { applicationId: MATERIALBANK_AREA_APPLICATION.tieto, applicationName: 'Tieto' },
  { applicationId: MATERIALBANK_AREA_APPLICATION.vainu, applicationName: 'Vainu' },
] as const;

/** A list of ids as a form holds it; multipart sends it as a comma string ("a,b"). */
const commaList = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '')
        : value,
    z
      .array(item, { error: msg('required') })
      .min(1, { error: msg('required') })
      .max(max, { error: msg('invalidValue') }),
  );

const role = z.enum(ROLES, { error: msg('invalidValue') });
const applicationId = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  positiveInt().refine((value) => MATERIALBANK_AREAS.some((area) => area.applicationId === value), {
    error: msg('invalidValue'),
  }),
);

/** The fields of a file's form besides the file itself (spec 001 §5 'Materiaalipankki add'). */
export const materialbankFileFields = {
  title: requiredField(200),
  targets: commaList(id(), 500),
  permissions: commaList(role, ROLES.length),
  applications: commaList(applicationId, 50),
  state: recordState(),
  /** Counter 500 in the form; the spec enforces no bound below it. */
  info: optionalText(TEXT_COUNTER_MAX, true),
};

/**
 * POST /api/materialbank-file/ as multipart/form-data: these text fields and one `file` part.
 * `organizationId` is the top administrator's choice (required of them); anyone else may leave it
 * out. `fileExtension` is accepted as the spec lists it but never trusted: the server records the
 * part of the file's name after the first dot and decides the type from the content.
 */
export const createMaterialbankFileFields = z.object({
  ...materialbankFileFields,
  organizationId: z.preprocess((value) => (value === '' ? undefined : value), id().optional()),
  fileExtension: text()
    .max(50, { error: msg('invalidValue') })
    .optional(),
});
export type CreateMaterialbankFileFields = z.infer<typeof createMaterialbankFileFields>;

/** The multipart body as OpenAPI shows it (the file part is binary). */
export const createMaterialbankFileDocument = z.object({
  file: z.string().meta({ format: 'binary', description: 'A PDF or JPEG file' }),
  title: z.string(),
  organizationId: z.string().optional().meta({ description: 'uuid; Pääylläpitäjä only' }),
  targets: z.string().meta({ description: 'comma-separated target uuids, at least one' }),
  permissions: z.string().meta({ description: `comma-separated roles (${ROLES.join(', ')})` }),
  applications: z
    .string()
    .meta({ description: 'comma-separated areas whose lists show the file: 1 Tieto, 2 Vainu' }),
  fileExtension: z.string().optional().meta({ description: 'ignored: the server decides' }),
  info: z.string().optional(),
  state: z.enum(STATES),
});

/** PATCH /api/materialbank-file: the edit dialog; replaces the file's links in one go. */
export const updateMaterialbankFileBody = z.object({
  id: id(),
  ...materialbankFileFields,
});
export type UpdateMaterialbankFileBody = z.infer<typeof updateMaterialbankFileBody>;

const linkIds = z
  .array(id(), { error: msg('invalidValue') })
  .max(500, { error: msg('invalidValue') })
  .default([]);

/**
 * PATCH /api/materialbank-data-remove: link ids (MaterialbankTargets[].id, …) to remove; at least
 * one, so an empty body is a client's mistake (400), not a silent success.
 */
export const materialbankDataRemoveBody = z
  .object({
    targets: linkIds,
    permissions: linkIds,
    applications: linkIds,
  })
  .refine((body) => body.targets.length + body.permissions.length + body.applications.length > 0, {
    error: msg('required'),
    path: ['targets'],
  });
export type MaterialbankDataRemoveBody = z.infer<typeof materialbankDataRemoveBody>;

/** DELETE /api/materialbank-file/ */
export const deleteMaterialbankFileBody = z.object({ id: id() });

/** GET /api/materialbank-get-file?file= : the stored name as the lists show it. */
export const materialbankGetFileQuery = z.object({
  /** Any text: a name that is not one of the caller's files answers 404, whatever it holds. */
  file: z.string().max(1000, { error: msg('invalidValue') }),
  /** 1: answer as an attachment (download); otherwise inline (view). */
  download: z.enum(['0', '1']).optional(),
});

/** GET /api/materialbank-file-preview?file=: the preview of a stored content the caller sees. */
export const materialbankPreviewQuery = materialbankGetFileQuery.pick({ file: true });

/** GET /api/materialbank-files-organization?organizationId= */
export const materialbankOrganizationQuery = z.object({ organizationId: id() });
/** GET /api/materialbank-file-targets?id= */
export const materialbankFileQuery = z.object({ id: id() });

/**
 * GET /api/materialbank-files-by-user. organizationId and permissions are accepted as the spec
 * lists them and ignored: the server takes the organization and role from the caller.
 */
export const materialbankFilesByUserQuery = z.object({
  organizationId: z.string().max(100).optional(),
  permissions: z.string().max(100).optional(),
  targetId: z.preprocess((value) => (value === '' ? undefined : value), id().optional()),
  appId: z.coerce
    .number({ error: msg('invalidValue') })
    .int({ error: msg('invalidValue') })
    .min(1, { error: msg('invalidValue') })
    .max(1000, { error: msg('invalidValue') })
    .default(MATERIALBANK_AREA_APPLICATION.tieto),
});

/**
 * A file as the API answers it: the edit's fields but the links, which come as lists of their
 * own (MaterialbankTargets, …), and what the upload found out.
 */
/**
 * A stored content's preview (a small JPEG of a PDF's first page or of a JPG), made on the server
 * after the upload: pending until then, none when it could not be made (the file itself works).
 */
export const MATERIALBANK_PREVIEW_STATES = ['pending', 'ready', 'none'] as const;
export const materialbankPreviewState = z
  .enum(MATERIALBANK_PREVIEW_STATES)
  .describe(
    'pending: being made; ready: GET /api/materialbank-file-preview?file= answers it; none: no preview could be made',
  );
export type MaterialbankPreviewState = z.infer<typeof materialbankPreviewState>;

export const materialbankFileRecord = recordOf(updateMaterialbankFileBody)
  .omit({ targets: true, permissions: true, applications: true })
  .extend({
    organizationId: z.string(),
    Organization: z.object({ organizationName: z.string() }),
    /** The stored name: what GET /api/materialbank-get-file?file= takes. */
    file: z.string(),
    /** The uploaded name's part after the first dot, as written (spec 001 §5); informative only. */
    fileExtension: z.string(),
    /** The type found in the content. */
    fileType: z.enum(['pdf', 'jpg']),
    fileName: z.string(),
    fileSize: z.number(),
    MaterialbankTargets: z.array(
      z.object({ id: z.string(), targetId: z.string(), targetName: z.string() }),
    ),
    MaterialbankPermissions: z.array(z.object({ id: z.string(), permission: z.enum(ROLES) })),
    MaterialbankApplications: z.array(
      z.object({
        id: z.string(),
        applicationId: z.number(),
        Application: z.object({ applicationName: z.string() }),
      }),
    ),
    createdAt: z.string().describe('ISO 8601: the upload date'),
    /** Who uploaded the file (first and last name); null when unknown or the user is gone. */
    uploaderName: z.string().nullable(),
    previewState: materialbankPreviewState,
  });

export type MaterialbankFileRecord = z.infer<typeof materialbankFileRecord>;

export const materialbankFilesResponse = z.object({
  message: z.string(),
  materialbankFiles: z.array(materialbankFileRecord),
});
export type MaterialbankFilesResponse = z.infer<typeof materialbankFilesResponse>;

export const materialbankFileResponse = z.object({
  message: z.string(),
  materialbankFile: materialbankFileRecord,
});

/** The Tieto and Vainu list variant: title, info, file, state (spec 001 §3). */
export const materialbankUserFile = materialbankFileRecord.pick({
  id: true,
  title: true,
  info: true,
  file: true,
  fileType: true,
  fileName: true,
  state: true,
  createdAt: true,
  previewState: true,
});
export type MaterialbankUserFile = z.infer<typeof materialbankUserFile>;

export const materialbankFilesByUserResponse = z.object({
  message: z.string(),
  materialbankFiles: z.array(materialbankUserFile),
});

export const materialbankFileTargetsResponse = z.object({
  message: z.string(),
  materialbankTargets: materialbankFileRecord.shape.MaterialbankTargets,
});

export const materialbankCountTargetsResponse = z.object({
  message: z.string(),
  targets: z.array(
    z.object({ targetId: z.string(), targetName: z.string(), totalFiles: z.number() }),
  ),
});

/** File count result (spec 001 §3), and the organization the dashboard names beside it. */
export const materialbankCountResponse = z.object({
  message: z.string(),
  pdf: z.number(),
  jpg: z.number(),
  totalFiles: z.number(),
  organization: z.object({
    organizationId: z.string(),
    organizationName: z.string(),
    organizationAddress: z.string().nullable(),
    organizationZipCode: z.string().nullable(),
    organizationPostalDistrict: z.string().nullable(),
  }),
});
export type MaterialbankCountResponse = z.infer<typeof materialbankCountResponse>;

export const materialbankCountQuery = z.object({
  organizationId: z.preprocess((value) => (value === '' ? undefined : value), id().optional()),
});

export const materialbankApplicationsResponse = z.object({
  message: z.string(),
  applications: z.array(application),
});

/** How many accesses GET /api/materialbank-file-access answers at most. */
export const MATERIALBANK_ACCESS_LIMIT = 500;

/** GET /api/materialbank-file-access?id=: who opened or downloaded the file and when. */
export const materialbankFileAccessResponse = z.object({
  message: z.string(),
  access: z.array(
    z.object({
      userId: z.string(),
      fullName: z.string(),
      userEmail: z.string(),
      /** true = downloaded (saved), false = opened in the browser. */
      download: z.boolean(),
      at: z.string().describe('ISO 8601'),
    }),
  ),
});
export type MaterialbankFileAccessResponse = z.infer<typeof materialbankFileAccessResponse>;

/** POST /api/materialbank-file-replace (multipart/form-data): new content for a file. */
export const replaceMaterialbankFileDocument = z.object({
  id: z.string().meta({ description: 'uuid of the file' }),
  file: z.string().meta({ format: 'binary', description: 'A PDF or JPEG file' }),
});

/** GET /api/materialbank-file-versions?id=: the file's earlier contents, newest first. */
export const materialbankFileVersionsResponse = z.object({
  message: z.string(),
  versions: z.array(
    z.object({
      /** The stored name: GET /api/materialbank-get-file?file= fetches it. */
      file: z.string(),
      fileName: z.string(),
      fileType: z.enum(['pdf', 'jpg']),
      fileSize: z.number(),
      uploaderName: z.string().nullable(),
      uploadedAt: z.string().describe('ISO 8601'),
      replacedAt: z.string().describe('ISO 8601'),
      previewState: materialbankPreviewState,
    }),
  ),
});
export type MaterialbankFileVersionsResponse = z.infer<typeof materialbankFileVersionsResponse>;
