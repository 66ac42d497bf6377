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
    return got === undefined ? `${name} is required (${issue.message})` : `${name}=${JSON.stringify(got)} is invalid: ${issue.message}`;
  });
  throw new PlatformError('CONFIG_INVALID', `${service}: invalid configuration: ${problems.join('; ')}`);
}

/** Reusable variable parsers. */
export const envVars = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: () => z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }),
  redisUrl: () => z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  secret: (minLength = 16) => z.string().min(minLength, `must be at least ${minLength} characters`),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
};
