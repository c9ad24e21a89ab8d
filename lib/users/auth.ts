import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError } from "better-auth/api";
import { bearer } from "better-auth/plugins";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { prisma } from "../db";
import { env } from "../env";
import { mensajes } from "../messages";
import { SESSION_COOKIE_PREFIX } from "../cookies";

/** The code of better-auth's refusal when a suspended account tries to get a session. */
export const CUENTA_SUSPENDIDA = "CUENTA_SUSPENDIDA";

const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

/**
 * Verifies a Google ID token: signature against GOOGLE_JWKS_URL, issuer, expiry, and an audience
 * that is any of our client ids (the web's and the apps' each get tokens for their own).
 */
export async function verifyGoogleIdToken(token: string): Promise<boolean> {
  const { GOOGLE_CLIENT_IDS, GOOGLE_JWKS_URL } = env();
  if (GOOGLE_CLIENT_IDS.length === 0) return false;
  jwks ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
  try {
    await jwtVerify(token, jwks, { issuer: GOOGLE_ISSUERS, audience: GOOGLE_CLIENT_IDS, algorithms: ["RS256"] });
    return true;
  } catch {
    return false;
  }
}

function createAuth() {
  const config = env();
  return betterAuth({
    appName: config.SITE_NAME,
    baseURL: config.SITE_URL,
    basePath: "/api/auth",
    // Development and tests may run without a secret; lib/env.ts requires one in production.
    secret: config.BETTER_AUTH_SECRET ?? "planazo-development-secret-never-used-in-production",
    trustedOrigins: [config.SITE_URL],
    database: prismaAdapter(prisma, { provider: "postgresql" }),
    emailAndPassword: {
      enabled: true,
      // Confirmation e-mails are ours (lib/users/account.ts); better-auth only refuses to log
      // in an account that is not confirmed yet.
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    user: {
      additionalFields: {
        google: { type: "boolean", defaultValue: false, input: false },
        recordatorios: { type: "boolean", defaultValue: true, input: false },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    socialProviders: config.GOOGLE_WEB_CLIENT_ID
      ? {
          google: {
            clientId: config.GOOGLE_CLIENT_IDS,
            clientSecret: "",
            verifyIdToken: (token: string) => verifyGoogleIdToken(token),
          },
        }
      : undefined,
    databaseHooks: {
      session: {
        create: {
          // A suspended account gets no session, whichever way it logs in (lib/admin/usuarios.ts).
          before: async (session) => {
            const u = await prisma.user.findUnique({ where: { id: session.userId }, select: { suspendidoEn: true } });
            if (u?.suspendidoEn)
              throw APIError.from("FORBIDDEN", { message: mensajes.cuentaSuspendida, code: CUENTA_SUSPENDIDA });
          },
        },
      },
      user: {
        create: {
          // A user first created by a Google sign-in is a Google user (spec §6).
          before: async (user, ctx) => ({ data: { ...user, google: ctx?.path === "/sign-in/social" } }),
        },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.NODE_ENV === "production" && config.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    // Our documented endpoints call auth.api directly and apply their own limits (rate-limit.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    plugins: [bearer()],
  });
}

let instance: ReturnType<typeof createAuth> | undefined;

export function auth() {
  instance ??= createAuth();
  return instance;
}
