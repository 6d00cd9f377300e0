import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { toAppError } from './errors.ts';

// zod's own wordings ("Invalid input", "Too small"...) need the field's name to make sense; the
// product's messages ('Title required') stand alone.
const GENERIC_MESSAGE = /^(Invalid|Too (small|big)|Expected|Unrecognized|Required)/;

function describeIssue(path: string, message: string): string {
  return GENERIC_MESSAGE.test(message) && path ? `${path}: ${message}` : message;
}

/** The one place errors become `{ error }` responses. 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const appError = toAppError(err);
    if (appError) {
      if (appError.retryAfter) reply.header('retry-after', String(appError.retryAfter));
      return reply.status(appError.status).send({ error: appError.message, ...(appError.reason ? { code: appError.reason } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const path = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      return reply.status(400).send({ error: describeIssue(path, first.message ?? 'Invalid input') });
    }
    if (err instanceof ZodError) {
      const first = err.issues[0];
      return reply.status(400).send({ error: describeIssue(first.path.join('.'), first.message) });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ error: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong. Please try again.' });
  });
}
