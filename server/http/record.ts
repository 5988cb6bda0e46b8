import type { Response } from 'express';
import { notFound } from './errors';

/** DESIGN §4's single-record envelope: `{data: record}`. */
export function sendRecord(res: Response, record: unknown, status = 200): void {
  res.status(status).json({ data: record });
}

/** The record, or a 404 `{message}` when the lookup found nothing (or found it outside the caller's scope). */
export function found<T>(record: T | null | undefined, message = 'Record not found.'): T {
  if (record === null || record === undefined) throw notFound(message);
  return record;
}

/** A numeric route parameter; anything else cannot name a record, so it is a 404 like an unknown id. */
export function idParam(value: string | string[] | undefined, message = 'Record not found.'): number {
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value)) throw notFound(message);
  return Number(value);
}
