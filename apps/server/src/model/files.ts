import type { Readable } from 'node:stream';

/** A streamed file answer for `responseKind: 'file'` endpoints. */
export interface FileResult {
  stream: Readable | Buffer;
  filename: string;
  contentType: string;
  size?: number;
}

/** One file part of a multipart upload, streamed (never buffered whole). */
export interface UploadPart {
  fieldname: string;
  /** As the client sent it (busboy keeps only the base name); the handler validates it. */
  filename: string;
  mimetype: string;
  /** `truncated` turns true when the part went over `maxFileBytes`. */
  stream: Readable & { truncated?: boolean };
}

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
}
