/** Pure CSV helpers for the articles export and import (RFC 4180 quoting; `;` or `,` separated). */

/** One CSV field: quoted when it holds the separator, a quote or a line break; formula starts are defused. */
export function csvField(value: string | number | null, separator = ';'): string {
  if (value === null) return '';
  let text = String(value);
  // A cell starting with = + - @ is run as a formula by spreadsheets (CSV injection): prefix it.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: (string | number | null)[], separator = ';'): string {
  return `${values.map((v) => csvField(v, separator)).join(separator)}\r\n`;
}

/** The separator of a file: the one of `;` and `,` its first line uses most. */
export function detectSeparator(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => first.split(c).length - 1;
  return count(';') >= count(',') ? ';' : ',';
}

/** Parses CSV text into records, each with the 1-based line number where it starts. Blank lines are skipped. */
export function parseCsv(text: string, separator = detectSeparator(text)): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== '') records.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
