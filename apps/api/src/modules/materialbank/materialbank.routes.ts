import multipart from '@fastify/multipart';
import {
  createMaterialbankFileDocument,
  deleteMaterialbankFileBody,
  MATERIALBANK_KINDS,
  materialbankApplicationsResponse,
  materialbankCountQuery,
  materialbankCountResponse,
  materialbankCountTargetsResponse,
  materialbankDataRemoveBody,
  materialbankFileAccessResponse,
  materialbankFileQuery,
  materialbankFileResponse,
  materialbankFilesByUserQuery,
  materialbankFilesByUserResponse,
  materialbankFilesResponse,
  materialbankFileTargetsResponse,
  materialbankFileVersionsResponse,
  materialbankGetFileQuery,
  materialbankOrganizationQuery,
  materialbankPreviewQuery,
  messageResponse,
  replaceMaterialbankFileDocument,
  updateMaterialbankFileBody,
} from '@vahti/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, storageFailure } from '../../lib/errors.js';
import { parseRange } from '../../lib/storage/range.js';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import {
  downloadName,
  type MaterialbankService,
  type StoredUpload,
} from './materialbank.service.js';

interface Options {
  materialbank: MaterialbankService;
  maxFileBytes: number;
}

const VISIBLE =
  'Pääylläpitäjä reaches every organization, anyone else their own. With Materiaalipankki and a role above Käyttäjä the caller sees every file of the organization; anyone else only the Aktiivinen files whose permissions include their role, whose targets include one of their targets and (without Materiaalipankki) whose applications include an area they may open (1 Tieto, 2 Vainu).';

/** Multipart list fields may come as one comma string or as repeated fields. */
const LIST_FIELDS = new Set(['targets', 'permissions', 'applications']);

/** RFC 6266 / 5987: an ASCII fallback and the exact name percent-encoded in UTF-8. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** What a failed multipart read means to the caller. */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'materialbank.FILE_TOO_LARGE', {
      file: 'validation.materialbank.fileTooLarge',
    });
  }
  if (code === 'FST_FILES_LIMIT') {
    return new AppError(400, 'VALIDATION_FAILED', { file: 'validation.materialbank.oneFile' });
  }
  // Not the file's fault: the disk is full (507) or the database gone (503).
  const storage = storageFailure(err);
  if (storage) return new AppError(storage.status, storage.code);
  // A malformed or cut-off multipart body, too many parts or fields: the request is bad.
  return new AppError(400, 'VALIDATION_FAILED', { file: 'validation.invalidValue' });
}

/** Materiaalipankki, spec 001 §7 (material bank calls). */
export const materialbankRoutes = signedIn<Options>(
  'materialbank',
  (app, { materialbank, maxFileBytes }) => {
    app.register(multipart, {
      limits: {
        fileSize: maxFileBytes,
        files: 1,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 25,
        headerPairs: 50,
      },
    });

    app.get('/api/materialbank-files', {
      schema: {
        operationId: 'listMaterialbankFiles',
        summary: 'Material bank files with their targets, permissions and applications',
        description: `${VISIBLE} Newest first, at most 1000. 403 FORBIDDEN without Materiaalipankki.`,
        response: { 200: materialbankFilesResponse, ...errors(403) },
      },
      handler: async (request) =>
        ok(request, 'messages.materialbank.filesOk', {
          materialbankFiles: await materialbank.list(request.caller),
        }),
    });

    app.get('/api/materialbank-files-organization', {
      schema: {
        operationId: 'listMaterialbankFilesOfOrganization',
        summary: "An organization's material bank files",
        description: `${VISIBLE} 403 FORBIDDEN without Materiaalipankki; 404 ORGANIZATION_NOT_FOUND for another organization than the own (unless Pääylläpitäjä) or an unknown one.`,
        querystring: materialbankOrganizationQuery,
        response: { 200: materialbankFilesResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.materialbank.filesOk', {
          materialbankFiles: await materialbank.listOfOrganization(
            request.caller,
            request.query.organizationId,
          ),
        }),
    });

    app.get('/api/materialbank-file-targets', {
      schema: {
        operationId: 'listMaterialbankFileTargets',
        summary: 'The target links of one file (MaterialbankTargets)',
        description: `${VISIBLE} 404 materialbank.FILE_NOT_FOUND for a file the caller does not see.`,
        querystring: materialbankFileQuery,
        response: { 200: materialbankFileTargetsResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.materialbank.filesOk', {
          materialbankTargets: await materialbank.targetsOf(request.caller, request.query.id),
        }),
    });

    app.get('/api/materialbank-pdf-files', {
      schema: {
        operationId: 'listMaterialbankPdfFiles',
        summary: 'The PDF files of the material bank',
        description: `${VISIBLE} 403 FORBIDDEN without Materiaalipankki.`,
        response: { 200: materialbankFilesResponse, ...errors(403) },
      },
      handler: async (request) =>
        ok(request, 'messages.materialbank.filesOk', {
          materialbankFiles: await materialbank.listPdf(request.caller),
        }),
    });

    app.get('/api/materialbank-count-targets', {
      schema: {
        operationId: 'countMaterialbankFilesByTarget',
        summary: 'How many files each target has',
        description: `${VISIBLE} Only targets the caller sees. 403 FORBIDDEN without Materiaalipankki.`,
        response: { 200: materialbankCountTargetsResponse, ...errors(403) },
      },
      handler: async (request) =>
        ok(request, 'messages.materialbank.countOk', {
          targets: await materialbank.countByTarget(request.caller),
        }),
    });

    app.get('/api/materialbank-count-files', {
      schema: {
        operationId: 'countMaterialbankFiles',
        summary: 'File counts by type: pdf, jpg, totalFiles (the dashboard)',
        description: `The path is ours (the spec does not show it). ${VISIBLE} organizationId narrows to one organization (the own one unless Pääylläpitäjä: 404 ORGANIZATION_NOT_FOUND otherwise).`,
        querystring: materialbankCountQuery,
        response: { 200: materialbankCountResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(
          request,
          'messages.materialbank.countOk',
          await materialbank.countByType(request.caller, request.query.organizationId),
        ),
    });

    app.get('/api/materialbank-applications', {
      schema: {
        operationId: 'listMaterialbankApplications',
        summary: 'The applications a file may be for (the upload form)',
        description:
          'Pääylläpitäjä gets the whole catalogue, anyone else the applications granted to their organization. 403 FORBIDDEN without Materiaalipankki.',
        response: { 200: materialbankApplicationsResponse, ...errors(403) },
      },
      handler: async (request) =>
        ok(request, 'messages.materialbank.applicationsOk', {
          applications: await materialbank.listApplications(request.caller),
        }),
    });

    app.get('/api/materialbank-files-by-user', {
      schema: {
        operationId: 'listMaterialbankFilesByUser',
        summary: 'The Tieto and Vainu lists: the files made visible to the caller',
        description:
          'The server decides from the caller, never from the request: organizationId and permissions are accepted as the spec lists them and ignored. Only Aktiivinen files whose permissions include the caller’s role, whose targets include one of the caller’s targets (targetId narrows to one) and whose applications include appId (1 Tieto, 2 Vainu). 400 for another appId; 403 FORBIDDEN when the caller cannot open that area; 404 TARGET_NOT_FOUND for a target the caller does not see.',
        querystring: materialbankFilesByUserQuery,
        response: { 200: materialbankFilesByUserResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.materialbank.filesOk', {
          materialbankFiles: await materialbank.listForUser(request.caller, request.query),
        }),
    });

    app.get('/api/materialbank-file-access', {
      schema: {
        operationId: 'listMaterialbankFileAccess',
        summary: 'Who opened or downloaded a file, and when',
        description:
          'Materiaalipankki and Ylläpitäjä or Pääylläpitäjä (403 FORBIDDEN otherwise). Newest first, at most 500. A fetch of GET /api/materialbank-get-file is one row (download=1 a download, else an opening); a later byte range of the same fetch is not. Not in the original calls. 404 materialbank.FILE_NOT_FOUND for a file outside the scope.',
        querystring: materialbankFileQuery,
        response: { 200: materialbankFileAccessResponse, ...errors(403, 404) },
      },
      handler: async (request) => {
        const access = await materialbank.listAccess(request.caller, request.query.id);
        return ok(request, 'messages.materialbank.accessOk', { access });
      },
    });

    app.get('/api/materialbank-get-file', {
      config: { compress: false },
      schema: {
        operationId: 'getMaterialbankFile',
        summary: 'The file itself (view or download)',
        description: `${VISIBLE} \`file\` is the stored name a list shows; it is looked up among the files the caller sees, and anything else (another organization's file, a name never stored, a path) answers 404 materialbank.FILE_NOT_FOUND. The answer is application/pdf or image/jpeg (as found in the content) with X-Content-Type-Options: nosniff and Content-Disposition inline, or attachment with download=1, naming the uploaded file with the extension of its stored type (.pdf or .jpg: "polypdf.html" holding a PDF is saved as "polypdf.pdf"; RFC 5987 filename*). One byte range is served (Range: bytes=a-b → 206 with Content-Range; past the end → 416).`,
        querystring: materialbankGetFileQuery,
        response: {
          200: z.any().meta({ description: 'The file (application/pdf or image/jpeg)' }),
          206: z.any().meta({ description: 'The requested range of the file' }),
          416: z.string().meta({ description: 'The range lies outside the file' }),
          ...errors(404),
        },
      },
      handler: async (request, reply) => {
        const found = await materialbank.open(request.caller, request.query.file);
        const disposition = request.query.download === '1' ? 'attachment' : 'inline';
        reply
          .header('content-type', MATERIALBANK_KINDS[found.fileType].mime)
          .header(
            'content-disposition',
            contentDisposition(disposition, downloadName(found.fileName, found.fileType)),
          )
          .header('x-content-type-options', 'nosniff')
          .header('accept-ranges', 'bytes');
        const range = parseRange(request.headers.range, found.size);
        // A PDF viewer fetches a file in ranges: only the first one counts as an opening.
        if (range !== 'unsatisfiable' && (!range || range.start === 0)) {
          await found.recordAccess(request.query.download === '1');
        }
        if (range === 'unsatisfiable') {
          return reply
            .status(416)
            .header('content-range', `bytes */${found.size}`)
            .header('content-type', 'text/plain; charset=utf-8')
            .send('');
        }
        if (range) {
          reply
            .status(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${found.size}`)
            .header('content-length', range.end - range.start + 1);
          return reply.send(await found.stream(range));
        }
        reply.header('content-length', found.size);
        return reply.send(await found.stream());
      },
    });

    app.get('/api/materialbank-file-preview', {
      config: { compress: false },
      schema: {
        operationId: 'getMaterialbankFilePreview',
        summary: 'The preview image of a file or an earlier version',
        description: `Whoever may fetch the content with GET /api/materialbank-get-file?file= (the same rules: ${VISIBLE}) gets its preview: a JPEG of at most 640 px on its longer side, of a PDF's first page or of a JPG, made on the server after the upload (previewState in the lists says whether it is ready). Not an opening of the file (GET /api/materialbank-file-access does not list it). Not in the original calls. 404 materialbank.FILE_NOT_FOUND for a name the caller does not see; 404 materialbank.PREVIEW_NOT_FOUND while the preview is being made or when none could be.`,
        querystring: materialbankPreviewQuery,
        response: {
          200: z.any().meta({ description: 'The preview (image/jpeg)' }),
          ...errors(404),
        },
      },
      handler: async (request, reply) => {
        const preview = await materialbank.openPreview(request.caller, request.query.file);
        reply
          .header('content-type', 'image/jpeg')
          .header('content-length', preview.size)
          .header('x-content-type-options', 'nosniff');
        return reply.send(await preview.stream());
      },
    });

    /**
     * Reads a multipart upload: the text fields, and the one `file` part streamed into storage
     * (any other file part is 400). On failure the stored part is removed and the connection
     * closed, as the rest of the body is left unread.
     */
    async function readUpload(request: FastifyRequest, reply: FastifyReply) {
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
      const fields = new Map<string, string>();
      let upload: StoredUpload | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') {
              part.file.resume();
              throw new AppError(400, 'VALIDATION_FAILED', { file: 'validation.invalidValue' });
            }
            upload = await materialbank.storeUpload(request.caller, part);
          } else if (typeof part.value === 'string') {
            const before = fields.get(part.fieldname);
            if (before === undefined) fields.set(part.fieldname, part.value);
            else if (LIST_FIELDS.has(part.fieldname)) {
              fields.set(part.fieldname, `${before},${part.value}`);
            }
          }
        }
      } catch (err) {
        if (upload) await materialbank.discard(upload);
        reply.header('connection', 'close');
        throw uploadError(err);
      }
      return { fields, upload };
    }

    app.post('/api/materialbank-file-replace', {
      onRequest: async (request) => materialbank.assertMayUpload(request.caller),
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        operationId: 'replaceMaterialbankFile',
        summary: 'Replace a file’s content (multipart/form-data: id, file)',
        description:
          'The new content is judged as on upload (PDF or JPEG by content, active PDFs refused, size limit: 400/413 with fields.file). The former content stays as an earlier version (GET /api/materialbank-file-versions), downloadable by its stored name; the title, links and state stay. Not in the original calls. 400 VALIDATION_FAILED (fields.id, fields.file); 403 FORBIDDEN without Materiaalipankki and a role above Käyttäjä; 404 materialbank.FILE_NOT_FOUND; 415 for another content type.',
        consumes: ['multipart/form-data'],
        body: replaceMaterialbankFileDocument,
        response: { 200: materialbankFileResponse, ...errors(403, 404, 413, 415, 507) },
      },
      handler: async (request, reply) => {
        const { fields, upload } = await readUpload(request, reply);
        const replaced = await materialbank.replace(request.caller, fields.get('id'), upload);
        return ok(request, 'messages.materialbank.fileReplaced', { materialbankFile: replaced });
      },
    });

    app.get('/api/materialbank-file-versions', {
      schema: {
        operationId: 'listMaterialbankFileVersions',
        summary: 'A file’s earlier versions, newest first',
        description: `${VISIBLE} Whoever sees the file sees its versions; each is fetched with GET /api/materialbank-get-file?file=<its stored name>. Not in the original calls. 404 materialbank.FILE_NOT_FOUND.`,
        querystring: materialbankFileQuery,
        response: { 200: materialbankFileVersionsResponse, ...errors(404) },
      },
      handler: async (request) => {
        const versions = await materialbank.listVersions(request.caller, request.query.id);
        return ok(request, 'messages.materialbank.versionsOk', { versions });
      },
    });

    app.post('/api/materialbank-file', {
      // Nobody who may not add files gets a byte of theirs read (403 first).
      onRequest: async (request) => materialbank.assertMayUpload(request.caller),
      // The body is read as a stream in the handler; the schema documents it.
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        operationId: 'createMaterialbankFile',
        summary: 'Upload a file (multipart/form-data)',
        description: `Fields as listed, one \`file\` part: a PDF or a JPEG, judged by its content (magic bytes) and never by its name or declared type; anything else answers 400 fields.file and nothing is stored. A PDF with JavaScript (/JS, /JavaScript), a launch action (/Launch) or embedded files (/EmbeddedFile, /EmbeddedFiles), found in every object (compressed object streams and #xx-escaped names included), is refused the same way, and so is an encrypted or unreadable PDF. At most ${Math.round(maxFileBytes / 1024 / 1024)} MiB (MATERIALBANK_MAX_FILE_MB): 413 materialbank.FILE_TOO_LARGE with fields.file. The file is stored under a new random name; fileExtension is recorded from the uploaded name (after its first dot) and never trusted. Pääylläpitäjä names organizationId; anyone else may leave it out (another one answers 403). 400 VALIDATION_FAILED with \`fields\`; 403 FORBIDDEN without Materiaalipankki and a role above Käyttäjä; 404 ORGANIZATION_NOT_FOUND or TARGET_NOT_FOUND (a target outside the organization); 415 for another content type; 507 STORAGE_FULL when the disk of the files is full (nothing is stored).`,
        consumes: ['multipart/form-data'],
        body: createMaterialbankFileDocument,
        response: { 201: materialbankFileResponse, ...errors(403, 404, 413, 415, 507) },
      },
      handler: async (request, reply) => {
        const { fields, upload } = await readUpload(request, reply);
        const created = await materialbank.create(
          request.caller,
          Object.fromEntries(fields),
          upload,
        );
        return reply
          .status(201)
          .send(ok(request, 'messages.materialbank.fileCreated', { materialbankFile: created }));
      },
    });

    app.patch('/api/materialbank-file', {
      schema: {
        operationId: 'updateMaterialbankFile',
        summary: 'Save a file’s details and replace its links (the edit dialog)',
        description:
          'Title, info and state saved and the targets, permissions and applications replaced in one transaction. 400 VALIDATION_FAILED; 403 FORBIDDEN without Materiaalipankki and a role above Käyttäjä; 404 materialbank.FILE_NOT_FOUND, or TARGET_NOT_FOUND for a target outside the file’s organization.',
        body: updateMaterialbankFileBody,
        response: { 200: materialbankFileResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(request, 'messages.materialbank.fileUpdated', {
          materialbankFile: await materialbank.update(request.caller, request.body),
        }),
    });

    app.patch('/api/materialbank-data-remove', {
      schema: {
        operationId: 'removeMaterialbankFileLinks',
        summary: 'Remove target, permission and application links by their ids',
        description:
          'The ids are MaterialbankTargets[].id, MaterialbankPermissions[].id and MaterialbankApplications[].id of files the caller may edit. 403 FORBIDDEN without Materiaalipankki and a role above Käyttäjä; 404 materialbank.FILE_NOT_FOUND when ids were given and none of them is the caller’s.',
        body: materialbankDataRemoveBody,
        response: { 200: messageResponse, ...errors(403, 404) },
      },
      handler: async (request) => {
        await materialbank.removeLinks(request.caller, request.body);
        return ok(request, 'messages.materialbank.linksRemoved');
      },
    });

    app.delete('/api/materialbank-file', {
      schema: {
        operationId: 'deleteMaterialbankFile',
        summary: 'Delete a file (its row, then the stored object)',
        description:
          '403 FORBIDDEN for anyone but Ylläpitäjä and Pääylläpitäjä with Materiaalipankki; 404 materialbank.FILE_NOT_FOUND for a file of another organization or unknown.',
        body: deleteMaterialbankFileBody,
        response: { 200: messageResponse, ...errors(403, 404) },
      },
      handler: async (request) => {
        await materialbank.remove(request.caller, request.body.id);
        return ok(request, 'messages.materialbank.fileDeleted');
      },
    });
  },
);
