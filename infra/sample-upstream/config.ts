/** Configuration of the standalone sample upstream (npm run upstream). The only place it reads the environment. */
import { envVars, parseEnv, type EnvSource } from '../../core/config/env.js';
import { z } from 'zod';

export const sampleUpstreamEnvShape = {
  /** 4010 matches UPSTREAM_BASE_URL's default (core/config/upstream.ts). */
  PORT: envVars.port(4010),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: envVars.logLevel(),
};

export type SampleUpstreamConfig = z.infer<z.ZodObject<typeof sampleUpstreamEnvShape>>;

export function loadSampleUpstreamConfig(env: EnvSource = process.env): SampleUpstreamConfig {
  return parseEnv(sampleUpstreamEnvShape, env, 'sample-upstream');
}
