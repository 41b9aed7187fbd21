import type { z } from 'zod';
import { HttpError } from './errors';

/**
 * Parses request input with a contract schema; a failure is a 400 naming the parameter. So is a NUL character in
 * any string the schema let through: PostgreSQL text cannot hold one.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new HttpError(400, `Invalid ${nameOf(issue?.path ?? [])}: ${issue?.message ?? 'bad value'}`);
  }
  const withNul = pathToNul(result.data, []);
  if (withNul) throw new HttpError(400, `Invalid ${nameOf(withNul)}: must not contain a NUL character`);
  return result.data;
}

function nameOf(path: PropertyKey[]): string {
  return path.length > 0 ? path.map(String).join('.') : 'request';
}

/** Where the first string holding a NUL sits in a parsed value, if any. */
function pathToNul(value: unknown, path: PropertyKey[]): PropertyKey[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = pathToNul(child, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}
