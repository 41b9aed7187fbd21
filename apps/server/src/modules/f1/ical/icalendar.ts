/**
 * A minimal iCalendar (RFC 5545) writer: content lines with escaped TEXT values, folded at 75 octets without
 * splitting a UTF-8 character, joined with CRLF.
 */

export type IcsProperty = { name: string; params?: Record<string, string>; value: string };

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and newlines are escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value is quoted when it holds a colon, semicolon or comma; double quotes cannot appear in it. */
function paramValue(value: string): string {
  const clean = value.replace(/"/g, "'");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** Folds a content line (RFC 5545 3.1): at most 75 octets a line, continuation lines start with one space. */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines carry the leading space in their 75 octets.
    if (octets + size > MAX_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

export function contentLine({ name, params = {}, value }: IcsProperty): string {
  const paramText = Object.entries(params)
    .map(([key, param]) => `;${key}=${paramValue(param)}`)
    .join('');
  return foldLine(`${name}${paramText}:${value}`);
}

/** 2025-07-06T14:00:00.000Z → 20250706T140000Z (a UTC DATE-TIME). */
export function utcDateTime(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** 2025-07-06 → 20250706 (a DATE). */
export function icsDate(isoDay: string): string {
  return isoDay.replace(/-/g, '');
}

export type IcsComponent = { name: string; properties: IcsProperty[]; components?: IcsComponent[] };

function componentLines({ name, properties, components = [] }: IcsComponent): string[] {
  return [
    `BEGIN:${name}`,
    ...properties.map(contentLine),
    ...components.flatMap(componentLines),
    `END:${name}`,
  ];
}

/** The whole iCalendar object, every line ending in CRLF. */
export function serialise(calendar: IcsComponent): string {
  return componentLines(calendar).join('\r\n') + '\r\n';
}
