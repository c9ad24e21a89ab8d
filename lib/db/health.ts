import "server-only";
import { prisma } from ".";

/** True when PostgreSQL answers within two seconds and PostGIS is there. */
export async function checkDatabase(timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = prisma.$queryRaw<{ v: string }[]>`SELECT postgis_lib_version() AS v`.then(
    (rows) => rows.length === 1,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
