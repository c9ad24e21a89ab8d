import "server-only";
import { createPrismaClient, type PrismaClient } from "./client";

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/** The one PrismaClient of this process (kept on globalThis so dev hot reloads reuse it). */
export const prisma: PrismaClient = (globalForPrisma.prisma ??= createPrismaClient());
