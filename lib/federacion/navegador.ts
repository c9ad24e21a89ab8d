import os from "node:os";

/**
 * Node 21 and later define a global `navigator` (userAgent "Node.js/<major>"); Node 20, this
 * project's, does not, and Fedify reads `navigator?.userAgent` bare when it imports an Ed25519
 * key, which throws there: every delivery signed with one would fail. This gives Node 20 what
 * later versions have, before anything of Fedify runs; on Node 21+ it does nothing.
 */
if (!("navigator" in globalThis)) {
  Object.defineProperty(globalThis, "navigator", {
    value: Object.freeze({
      userAgent: `Node.js/${process.versions.node.split(".")[0]}`,
      hardwareConcurrency: os.availableParallelism(),
      language: Intl.DateTimeFormat().resolvedOptions().locale,
      platform: process.platform,
    }),
    configurable: true,
    enumerable: true,
    writable: false,
  });
}
