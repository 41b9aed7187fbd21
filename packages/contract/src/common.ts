import { z } from './zod';

/** Every error answer of the API: a human message, and for some a stable code (see accounts.ts). */
export const errorResponse = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const seasonParam = z.coerce.number().int().min(1950).max(2100);

/** Lower-case ASCII words joined by hyphens, accents dropped: "Hülkenberg's P4!" → "hulkenbergs-p4". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
