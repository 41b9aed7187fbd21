import { z } from 'zod';

/**
 * In the browser the site runs under a CSP without eval, so zod's compiled parsers cannot run there, and its
 * probe for eval (a caught new Function("")) still makes the browser report a CSP violation. jitless skips
 * both. It must be set before the first schema is built (zod reads it then), so every contract module takes z from
 * here rather than from zod itself.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
