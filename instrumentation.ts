/** Runs once when a server instance starts: a bad environment stops it here, not on the first request. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { env } = await import("./lib/env");
    try {
      env();
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
}
