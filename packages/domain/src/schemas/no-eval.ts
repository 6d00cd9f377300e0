import { z } from 'zod';

/**
 * For the browser: zod compiles object parsers with `new Function` when it may, and probes for that
 * with `Function('')`, which the Content-Security-Policy (no 'unsafe-eval') refuses and reports as a
 * violation. Jitless parsing needs no eval. The server keeps the compiled parsers.
 */
export function parseWithoutEval(): void {
  z.config({ jitless: true });
}
