import { MAX_BATCH_BYTES, MAX_BATCH_FILES, MAX_UPLOAD_BYTES } from '../../../domain';

export interface ChosenFile {
  file: File;
  /** The path inside a chosen folder ("policies/travel.md"), or the file's name. */
  path: string;
}

/** A file refused in the browser, before any upload, with the server's reason for it. */
export interface RefusedFile {
  Path: string;
  Error: string;
}

/** The file's path inside the folder chosen with the folder picker, else its name. */
export const pathOf = (file: File): string => file.webkitRelativePath || file.name;

const TOO_LARGE = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;

/**
 * The chosen files as requests the server takes (at most MAX_BATCH_FILES files and MAX_BATCH_BYTES each); a file
 * over the per-file limit is refused here rather than sent.
 */
export function splitIntoBatches(files: readonly File[]): { batches: ChosenFile[][]; refused: RefusedFile[] } {
  const batches: ChosenFile[][] = [];
  const refused: RefusedFile[] = [];
  let current: ChosenFile[] = [];
  let bytes = 0;
  for (const file of files) {
    const path = pathOf(file);
    if (file.size > MAX_UPLOAD_BYTES) {
      refused.push({ Path: path, Error: TOO_LARGE });
      continue;
    }
    if (current.length === MAX_BATCH_FILES || bytes + file.size > MAX_BATCH_BYTES) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push({ file, path });
    bytes += file.size;
  }
  if (current.length) batches.push(current);
  return { batches, refused };
}
