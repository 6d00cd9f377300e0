// Request shapes of the identity API (spec section 3).
import { z } from 'zod';

/** POST /api/consigners: self sign-up; the service reads the fields it knows (the spec's client sends extra ones). */
export const ZSelfSignupBody = z.record(z.string(), z.unknown());
