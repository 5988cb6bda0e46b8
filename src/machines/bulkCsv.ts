/**
 * CSV of records for a bulk export (issue 30): RFC 4180, a header row of the column keys (as the
 * reference API's own export), CRLF line ends, and the same guard against spreadsheet formulas
 * (OWASP CSV injection: a text cell starting with = + - @ gets a leading apostrophe).
 */
function cell(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value === null || value === undefined) return '';
  let text: string;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) text = value.join(';');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function recordsCsv(records: ReadonlyArray<Record<string, unknown>>, columns: readonly string[]): string {
  const lines = [columns.map(cell).join(',')];
  for (const record of records) lines.push(columns.map((column) => cell(record[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Parses RFC 4180 CSV (quoted cells, doubled quotes, CRLF or LF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cellText = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cellText += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cellText += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cellText);
      cellText = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cellText);
      rows.push(row);
      row = [];
      cellText = '';
    } else cellText += char;
  }
  if (cellText !== '' || row.length > 0) {
    row.push(cellText);
    rows.push(row);
  }
  return rows;
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A server's CSV export keeping only `columns`, in their order (the list's visible columns). Cells
 * pass through as the server wrote them (its formula guard included). A column the file lacks is
 * left out; a file whose header names none of them is returned as it came (a backend with other
 * header names still exports something, not an empty file).
 */
export function projectCsv(text: string, columns: readonly string[]): string {
  const rows = parseCsv(text);
  const header = rows[0];
  if (!header) return text;
  const picks = columns.map((column) => header.indexOf(column)).filter((index) => index >= 0);
  if (picks.length === 0) return text;
  return `${rows.map((row) => picks.map((index) => quoted(row[index] ?? '')).join(',')).join('\r\n')}\r\n`;
}
