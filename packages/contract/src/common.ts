import { z } from './zod';

/** Every error answer of the API: a human message, and for some a stable code (see accounts.ts). */
export const errorResponse = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const seasonParam = z.coerce.number().int().min(1950).max(2100);

