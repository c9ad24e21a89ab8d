/**
 * Marks the production build's first-load JS for eager compilation: `npm run build` runs it
 * after `next build`. Chrome (V8's explicit compile hints) reads `//# allFunctionsCalledOnLoad`
 * at the top of a script and compiles all of its functions while the script streams in, on a
 * background thread, instead of each one on the main thread the first time it is called. The
 * files a page loads at first (React, the router, the page's own components) run almost whole
 * during hydration, so little is compiled in vain; the main-thread time it saves is in
 * docs/performance.md ("Compile hints"). Other browsers read a comment. Chunks loaded later
 * (the map, dialogs) are left as they are; running it twice changes nothing.
 */
import path from "node:path";
import { marcarParaCompilar } from "./lib/js-budget";

const marcados = marcarParaCompilar(path.join(import.meta.dirname, "..", ".next"));
console.log(`compile hints: ${marcados} first-load JS files marked for eager compilation`);
