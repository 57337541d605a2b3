// zod, configured for the shop's Content-Security-Policy, which has no 'unsafe-eval': zod 4
// compiles fast object parsers with `new Function` unless told not to, and even its probe for
// whether eval is allowed is reported as a CSP violation. Every schema imports z from here, so
// the setting is made before any schema is built (it is read when a schema is created).
import { z } from "zod";

z.config({ jitless: true });

export { z };
