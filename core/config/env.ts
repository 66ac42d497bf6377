/**
 * Environment parsing shared by every service's config module. Each service declares its variables
 * once (a zod object keyed by the variable name) and parses `process.env` at start-up; a missing or
 * malformed variable stops start-up with a message that names it. Nothing else reads process.env.
 */
import { z } from 'zod';
import { PlatformError } from '../errors.js';

export type EnvSource = Readonly<Record<string, string | undefined>>;

export function parseEnv<S extends z.ZodRawShape>(shape: S, env: EnvSource, service: string): z.infer<z.ZodObject<S>> {
  // Empty strings count as unset so `FOO= npm start` behaves like leaving FOO out.
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = z.object(shape).safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const got = cleaned[name];
    if (got === undefined) return `${name} is required (${issue.message})`;
    // Start-up errors reach terminals and log collectors: a secret's value is never quoted.
    if (SECRET_NAME.test(name)) return `${name} (value hidden, ${got.length} characters) is invalid: ${issue.message}`;
    // The value and the message alike: a parser's message may quote the bad part (a seed entry).
    return maskCredentials(`${name}=${JSON.stringify(got)} is invalid: ${issue.message}`);
  });
  throw new PlatformError('CONFIG_INVALID', `${service}: invalid configuration: ${problems.join('; ')}`);
}

/** Variables whose values are secrets (tokens, passwords, keys): parse errors name them only. */
const SECRET_NAME = /(SECRET|TOKEN|PASSWORD|PASSPHRASE)|(^|_)KEY(_|$)/;

/**
 * `text` with the credentials of every URL-like word masked: whatever comes before the last "@" of
 * a word (after its `scheme://`, if any) becomes "***". A password may hold unencoded "/", ":" or
 * "@", and an invalid value is exactly the one that may, so no URL parsing is trusted here.
 */
export function maskCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)?[^\s,"'()]*@/gi, (_match, scheme: string | undefined) => `${scheme ?? ''}***@`);
}

/** Reusable variable parsers. */
export const envVars = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: () => z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }),
  redisUrl: () => z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }),
  /** A comma-separated `host:port` list (Redis Cluster seed nodes); IPv6 hosts in brackets. */
  hostPortList: () =>
    z.string().transform((value, ctx) => {
      const nodes: { host: string; port: number }[] = [];
      for (const [i, raw] of value.split(',').entries()) {
        const entry = raw.trim();
        const node = parseHostPort(entry);
        if (node === null) {
          ctx.issues.push({ code: 'custom', input: value, message: `entry ${i + 1} (${JSON.stringify(entry)}) must be host:port, for example 10.0.0.5:6379` });
          return z.NEVER;
        }
        if (!nodes.some((n) => n.host === node.host && n.port === node.port)) nodes.push(node);
      }
      return nodes;
    }),
  logLevel: (fallback: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info') => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default(fallback),
  secret: (minLength = 16) => z.string().min(minLength, `must be at least ${minLength} characters`),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
};

/** Host names and IPv4 addresses; IPv6 goes in brackets so its colons are not the port's. */
const HOST_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;
const BRACKETED_IPV6 = /^\[([0-9A-Fa-f:.]+)\]$/;

function parseHostPort(entry: string): { host: string; port: number } | null {
  const colon = entry.lastIndexOf(':');
  if (colon <= 0) return null;
  const hostPart = entry.slice(0, colon);
  const portPart = entry.slice(colon + 1);
  if (!/^\d{1,5}$/.test(portPart)) return null;
  const port = Number(portPart);
  if (port < 1 || port > 65535) return null;
  const ipv6 = BRACKETED_IPV6.exec(hostPart);
  if (ipv6?.[1] !== undefined) return { host: ipv6[1], port };
  return HOST_NAME.test(hostPart) ? { host: hostPart, port } : null;
}
