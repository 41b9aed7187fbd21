import type { z } from 'zod';
import { HttpError } from './errors';

/** Parses request input with a contract schema; a failure is a 400 naming the parameter. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue && issue.path.length > 0 ? issue.path.join('.') : 'request';
  throw new HttpError(400, `Invalid ${name}: ${issue?.message ?? 'bad value'}`);
}
