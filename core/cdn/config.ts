/**
 * CDN purge configuration (ADR 0008). Services that purge (the render worker) merge `cdnEnvShape`
 * into their own shape, parse once with `parseEnv`, and pass the result to `cdnConfigFromEnv`.
 *
 *   CDN_PURGE=none                      the default: nothing in front to purge (npm start)
 *   CDN_PURGE=varnish CDN_PURGE_URLS=http://varnish-a:8080,http://varnish-b:8080
 *   CDN_PURGE=fastly FASTLY_SERVICE_ID=... FASTLY_API_TOKEN=... [FASTLY_API_URL=...]
 */
import { z } from 'zod';
import { PlatformError } from '../errors.js';
import { envVars } from '../config/env.js';
import { BATCHING_DEFAULTS } from './batching.js';
import { PURGE_DRIVERS } from './types.js';

export const cdnEnvShape = {
  CDN_PURGE: z.enum(PURGE_DRIVERS).default('none'),
  /** Varnish listen addresses, comma-separated; every instance gets each purge. */
  CDN_PURGE_URLS: z.string().optional(),
  FASTLY_API_URL: envVars.url().default('https://api.fastly.com'),
  FASTLY_SERVICE_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a Fastly service id (letters, digits, - and _)').optional(),
  // Any non-empty string: parseEnv quotes a refused value in its message, and a secret must never
  // reach a log line, so nothing here can refuse the token by its content.
  FASTLY_API_TOKEN: z.string().optional(),
  /** How long keys are collected before one purge request is sent. */
  CDN_PURGE_BATCH_MS: z.coerce.number().int().min(0).max(10_000).default(BATCHING_DEFAULTS.windowMs),
  /** Most keys in one request (Fastly takes up to 256 surrogate keys per call). */
  CDN_PURGE_BATCH_SIZE: z.coerce.number().int().min(1).max(256).default(BATCHING_DEFAULTS.maxBatchSize),
  /** Further attempts after a network error, timeout, 408, 429 or 5xx. */
  CDN_PURGE_RETRIES: z.coerce.number().int().min(0).max(10).default(BATCHING_DEFAULTS.retries),
  CDN_PURGE_TIMEOUT_MS: envVars.positiveInt(5_000),
};

export type CdnEnv = z.infer<z.ZodObject<typeof cdnEnvShape>>;

export type CdnTarget =
  | { driver: 'none' }
  | { driver: 'varnish'; urls: string[] }
  | { driver: 'fastly'; apiUrl: string; serviceId: string; token: string };

export interface CdnConfig {
  target: CdnTarget;
  batchWindowMs: number;
  maxBatchSize: number;
  retries: number;
  timeoutMs: number;
}

const httpUrl = envVars.url();

function invalid(service: string, message: string): PlatformError {
  return new PlatformError('CONFIG_INVALID', `${service}: invalid configuration: ${message}`);
}

/** The cross-variable rules parseEnv can't express; errors name the variables, never the token. */
export function cdnConfigFromEnv(vars: CdnEnv, service = 'cdn'): CdnConfig {
  const common = {
    batchWindowMs: vars.CDN_PURGE_BATCH_MS,
    maxBatchSize: vars.CDN_PURGE_BATCH_SIZE,
    retries: vars.CDN_PURGE_RETRIES,
    timeoutMs: vars.CDN_PURGE_TIMEOUT_MS,
  };
  switch (vars.CDN_PURGE) {
    case 'none':
      return { target: { driver: 'none' }, ...common };
    case 'varnish': {
      const urls = (vars.CDN_PURGE_URLS ?? '').split(/[\s,]+/).filter((url) => url !== '');
      if (urls.length === 0) throw invalid(service, 'CDN_PURGE_URLS is required when CDN_PURGE=varnish (comma-separated Varnish addresses)');
      for (const url of urls) {
        if (!httpUrl.safeParse(url).success) throw invalid(service, `CDN_PURGE_URLS: ${JSON.stringify(url)} is not an http(s) URL`);
      }
      return { target: { driver: 'varnish', urls: urls.map((url) => url.replace(/\/+$/, '')) }, ...common };
    }
    case 'fastly': {
      const missing = [vars.FASTLY_SERVICE_ID === undefined ? 'FASTLY_SERVICE_ID' : '', vars.FASTLY_API_TOKEN === undefined ? 'FASTLY_API_TOKEN' : ''].filter(Boolean);
      if (vars.FASTLY_SERVICE_ID === undefined || vars.FASTLY_API_TOKEN === undefined) {
        throw invalid(service, `${missing.join(' and ')} required when CDN_PURGE=fastly`);
      }
      return {
        target: { driver: 'fastly', apiUrl: vars.FASTLY_API_URL.replace(/\/+$/, ''), serviceId: vars.FASTLY_SERVICE_ID, token: vars.FASTLY_API_TOKEN },
        ...common,
      };
    }
  }
}

/** What a start-up log line may say about the purge target: everything but the token. */
export function describeCdnTarget(target: CdnTarget): Record<string, unknown> {
  switch (target.driver) {
    case 'none':
      return { driver: 'none' };
    case 'varnish':
      return { driver: 'varnish', urls: target.urls };
    case 'fastly':
      return { driver: 'fastly', apiUrl: target.apiUrl, serviceId: target.serviceId };
  }
}
