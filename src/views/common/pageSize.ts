/** Page sizes a list offers (`show` in the URL); the server's own default stays listed when it differs. */
export const ROWS_PER_PAGE = [10, 25, 50, 100] as const;

/** The page size a URL asks for (`show`), when it is one the API allows (at most 100). */
export function pageSizeOf(params: URLSearchParams): number | undefined {
  const show = Number(params.get('show'));
  return Number.isInteger(show) && show > 0 && show <= 100 ? show : undefined;
}
