/**
 * What every benchmark section gets from the runner (tests/bench/main.ts): the options from the
 * command line and a progress logger. Each section starts the parts it measures itself (a Redis
 * of its own, storage in a temp directory or an S3 endpoint, the sample upstream with the
 * synthetic site), so sections are independent and can run alone (`--only`).
 */
export interface BenchOptions {
  /** Synthetic site size in articles (`--articles`, default 10,000). */
  articles: number;
  /** Runs per figure (`--runs`, default 5). */
  runs: number;
  /** Where the JSON goes (`--out`). */
  out: string;
  /** Sections to run (`--only a,b`); all when empty. */
  only: readonly string[];
  /** An existing Redis (`--redis-url` or REDIS_URL); a private redis-server when absent. */
  redisUrl?: string;
  /** An existing S3 endpoint for the S3 figures (`--s3-endpoint`, with S3_* credentials); s3rver when absent. */
  s3Endpoint?: string;
  /** An existing upstream (`--upstream-url`); the sample upstream with the synthetic site when absent. */
  upstreamUrl?: string;
  /** Also run the scale section at 10,000 and 100,000 pages (`--scale`). */
  scale: boolean;
  /**
   * Write V8 CPU profiles (`.cpuprofile`) of the render-cost child and of the throughput section's
   * worker processes into this directory (`--cpu-prof DIR`): flame graphs (README, "Benchmarks").
   */
  cpuProfDir?: string;
  /** Also publish to moto_server in the throughput section (`--moto`; it is installed separately and slow). */
  moto: boolean;
}

export interface BenchContext {
  options: BenchOptions;
  /** A progress line on stderr (the table goes to stdout). */
  log(message: string): void;
}
