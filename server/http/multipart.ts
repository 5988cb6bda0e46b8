import type { Request } from 'express';
import busboy from 'busboy';
import { HttpError } from './errors';

/** One part of a multipart/form-data body. */
export interface FormPart {
  name: string;
  /** Present for file parts. */
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export function isMultipart(contentType: string | undefined): boolean {
  return /^multipart\/form-data\b/i.test(contentType ?? '');
}

export interface MultipartLimits {
  /** Largest file part in bytes: larger answers `tooLarge()`. */
  fileBytes: number;
  /** Largest text field in bytes. */
  fieldBytes?: number;
  files?: number;
  fields?: number;
}

/**
 * Reads a multipart/form-data request with busboy (streaming, RFC 7578, every count and size
 * bounded): 400 for a malformed body, `tooLarge()` when a file exceeds its limit.
 */
export function readMultipart(req: Request, limits: MultipartLimits, tooLarge: () => HttpError): Promise<FormPart[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: limits.fileBytes, files: limits.files ?? 1, fields: limits.fields ?? 20, fieldSize: limits.fieldBytes ?? 10_000, parts: (limits.files ?? 1) + (limits.fields ?? 20) },
      });
    } catch {
      reject(new HttpError(400, 'The multipart body has no boundary.'));
      return;
    }
    const parts: FormPart[] = [];
    let failed = false;
    const fail = (error: HttpError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new HttpError(413, `The ${name} field is too large.`));
      parts.push({ name, data: Buffer.from(value, 'utf8') });
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      // A truncated body errors the file stream too; unhandled, that would crash the process.
      stream.on('error', () => fail(new HttpError(400, 'The multipart body is malformed.')));
      stream.on('close', () => {
        if (!failed) parts.push({ name, filename: info.filename ?? '', contentType: info.mimeType, data: Buffer.concat(chunks) });
      });
    });
    parser.on('filesLimit', () => fail(new HttpError(422, 'Only one file may be uploaded.')));
    parser.on('fieldsLimit', () => fail(new HttpError(422, 'Too many form fields.')));
    parser.on('partsLimit', () => fail(new HttpError(422, 'Too many form parts.')));
    parser.on('error', () => fail(new HttpError(400, 'The multipart body is malformed.')));
    parser.on('close', () => {
      if (!failed) resolve(parts);
    });
    req.pipe(parser);
  });
}
