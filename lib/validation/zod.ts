import { z } from "zod";

// Zod compiles parsers with `new Function` where it can; the CSP forbids eval in the browser, and
// even Zod's probe for it is reported as a violation. The interpreter is fast enough for forms.
z.config({ jitless: true });

export { z };
