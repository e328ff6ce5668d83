import { MATERIALBANK_KINDS, type MaterialbankKind } from '@vahti/domain';
import { fileTypeFromBuffer } from 'file-type';

/** Enough of the start of a file for its signature. */
export const SAMPLE_BYTES = 4100;

/**
 * The kind of file (PDF or JPEG) its first bytes show by their signature (file-type), never by
 * the name or the declared type; undefined for anything else. Materiaalipankki files and
 * feedback photos are judged by this one check.
 */
export async function fileKindOf(head: Uint8Array): Promise<MaterialbankKind | undefined> {
  const mime = (await fileTypeFromBuffer(head))?.mime;
  return (Object.keys(MATERIALBANK_KINDS) as MaterialbankKind[]).find(
    (kind) => MATERIALBANK_KINDS[kind].mime === mime,
  );
}
