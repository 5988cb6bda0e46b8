/**
 * The days reporting accepts (the reference API answers 422 outside them): date inputs offer
 * only these, and the server's query parsing (server/http/dateRange.ts) enforces them.
 */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';
