// Imported first by main.tsx, so it runs before any module builds a zod schema: zod decides whether
// an object schema may compile its parser with eval when the schema is built, and probing for eval is
// itself a Content-Security-Policy violation (docs/web-defences.md). zod itself, not the domain's
// index, so that nothing of the domain is evaluated before it (the dev server loads modules unbundled).
import { z } from 'zod';

z.config({ jitless: true });
