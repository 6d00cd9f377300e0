// Browser defences on every response (docs/security.md), with helmet. The Content-Security-Policy is
// the one the web app runs under: the Playwright suite fails on any violation (e2e/fixtures/test.ts).
// Decisions: docs/web-defences.md.
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { s3SettingsFromEnv } from '../s3-config.ts';

/** The policy's directives, by name; exported for the API test. */
export function contentSecurityPolicy(config: Pick<AppConfig, 'env'>, env: NodeJS.ProcessEnv = process.env): Record<string, string[] | null> {
  const s3 = s3SettingsFromEnv(env);
  const uploads = s3 ? [new URL(s3.publicUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // the built app is files only: no inline script, no eval; 'wasm-unsafe-eval' lets the camera's
    // barcode decoder (zxing .wasm, served from this server's build) compile, and allows nothing else
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    // antd writes its CSS-in-JS into <style> elements at run time (no nonce: index.html is a static file)
    'style-src': ["'self'", "'unsafe-inline'"],
    // uploads (this server, or the S3 bucket's public address), generated labels and previews
    // (data:, blob:), and image addresses staff paste from a storefront (https:)
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...uploads],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    // over plain http (a shop trying Backroom on its own machine or network) an upgrade would break
    // every request; production runs behind TLS (HSTS below)
    'upgrade-insecure-requests': config.env === 'production' ? [] : null,
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<AppConfig, 'env'>) {
  // Built once: @fastify/helmet built helmet's middleware, its policy parsed again, on every request
  // (3 to 4 % of the server's CPU under the busy hour: docs/scaling.md "Per request").
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // HSTS only where the shop is served over https for good
    strictTransportSecurity: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // No address (reset tokens are in some) goes to another site; same-origin requests keep their
    // Origin header, which the sign-in and cookie checks read ('no-referrer' would make it "null").
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
  // Uploaded images are public: a storefront on another site shows them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/uploads/') || request.url.startsWith('/demo-assets/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}
