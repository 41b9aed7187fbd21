import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Checks a refusal of the API: its status, and its message given whole (the answer holds nothing else) or as a pattern. */
export function expectRefusal(response: LightMyRequestResponse, statusCode: number, message: string | RegExp): void {
  expect(response.statusCode).toBe(statusCode);
  if (typeof message === 'string') expect(response.json()).toEqual({ message });
  else expect(response.json<{ message: string }>().message).toMatch(message);
}
