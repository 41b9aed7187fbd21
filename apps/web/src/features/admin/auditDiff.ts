/** One field of an audit entry's values: what it was and what it became (undefined: not there). */
export type FieldChange = { field: string; before: unknown; after: unknown; changed: boolean };

/**
 * The before and after of an audit entry, field by field (nested objects by dotted path), changed fields first.
 * A value that is not an object (or null: a row created or deleted) counts as having no fields.
 */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const flatBefore = flatten(before);
  const flatAfter = flatten(after);
  const fields = [...new Set([...Object.keys(flatBefore), ...Object.keys(flatAfter)])];
  const changes = fields.map((field) => {
    const was = flatBefore[field];
    const is = flatAfter[field];
    return { field, before: was, after: is, changed: JSON.stringify(was) !== JSON.stringify(is) };
  });
  return [...changes.filter((change) => change.changed), ...changes.filter((change) => !change.changed)];
}

function flatten(value: unknown, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    if (prefix) into[prefix] = value;
    return into;
  }
  for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** A value as an admin reads it: strings bare, absent as an em dash, the rest as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
