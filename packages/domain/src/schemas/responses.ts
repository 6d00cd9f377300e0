import { z } from 'zod';

// The API's response contract (docs/api-foundation.md). Every route declares what it answers with these helpers,
// beside its input schemas: the server serializes through them (a field not declared never leaves
// it) and the web app takes its types from them (z.infer / z.output), so no response type is
// written twice.

/** Every error the API answers: `{ error }`, with a machine-readable `code` the web app may act on. */
export const ZApiError = z.object({
  error: z.string(),
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof ZApiError>;

/** The success envelope: `{ data }`. */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** The errors any API route may answer (bad input, not signed in, refused, unknown, conflict, throttled). */
export const API_ERRORS = {
  400: ZApiError.describe('Bad input'),
  401: ZApiError.describe('Not signed in'),
  403: ZApiError.describe('Not allowed (area, role, store or origin)'),
  404: ZApiError.describe('Not found'),
  409: ZApiError.describe('Conflict with the current state'),
  422: ZApiError.describe('Refused by a rule'),
  429: ZApiError.describe('Too many requests'),
} as const;

/**
 * The `response` of a route's schema: its success body as `{ data }` under `status` (200 unless
 * given), and every error as `{ error }`.
 *
 *   app.get('/api/x', { schema: { response: responses(ZThing) } }, ...)
 */
export function responses<T extends z.ZodType, S extends 200 | 201 | 202 = 200>(data: T, status?: S) {
  return { [status ?? 200]: dataOf(data), ...API_ERRORS } as { [K in S]: ReturnType<typeof dataOf<T>> } & typeof API_ERRORS;
}

/** A route that answers a file or text (CSV, PDF) rather than JSON: only its errors are JSON. */
export function fileResponses(description: string) {
  return { 200: z.string().describe(description), ...API_ERRORS } as const;
}

/** A body of no content, for 204 answers. */
export const NO_CONTENT = { 204: z.null().describe('No content'), ...API_ERRORS } as const;
