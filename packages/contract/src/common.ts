import { z } from 'zod';

/** Every error answer of the API: a human message, nothing else the client must parse. */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const seasonParam = z.coerce.number().int().min(1950).max(2100);
