/**
 * infra/docker/Dockerfile (multi-stage, running as a non-root user: docs/operations.md), checked as
 * data since no Docker engine runs here (docs/architecture.md "Tool constraints"): the stages and what
 * each does, the non-root USER with a fixed uid, no secret baked in, every file it COPYs exists and
 * is not dropped by .dockerignore, and the runtime stage holds every module the services import,
 * whose packages are all production dependencies.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serviceBundlePath } from '../../infra/build-services.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  image: string;
  name: string;
  instructions: Instruction[];
}

/** Instructions with their continuation lines joined; comments and blank lines dropped. */
function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const full = `${pending}${line}`.trim();
    pending = '';
    const space = full.indexOf(' ');
    instructions.push({ keyword: full.slice(0, space).toUpperCase(), args: full.slice(space + 1).trim() });
  }
  return instructions;
}

function stagesOf(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const match = /^(\S+)\s+AS\s+(\S+)$/i.exec(instruction.args);
      if (!match) throw new Error(`unnamed stage: FROM ${instruction.args}`);
      stages.push({ image: match[1] ?? '', name: match[2] ?? '', instructions: [] });
    } else {
      const current = stages.at(-1);
      if (!current) throw new Error(`${instruction.keyword} before FROM`);
      current.instructions.push(instruction);
    }
  }
  return stages;
}

interface Copy {
  from: string | undefined;
  sources: string[];
  dest: string;
}

function copiesOf(stage: Stage): Copy[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'COPY')
    .map((instruction) => {
      const parts = instruction.args.split(/\s+/);
      const from = parts.find((part) => part.startsWith('--from='))?.slice('--from='.length);
      const paths = parts.filter((part) => !part.startsWith('--'));
      return { from, sources: paths.slice(0, -1), dest: paths.at(-1) ?? '' };
    });
}

function runs(stage: Stage): string[] {
  return stage.instructions.filter((instruction) => instruction.keyword === 'RUN').map((instruction) => instruction.args);
}

/** .dockerignore patterns as regular expressions (the forms this repository uses: names, `*`, `**`). */
function dockerignore(): RegExp[] {
  return readFileSync('.dockerignore', 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((pattern) => {
      const body = pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .split('**/')
        .map((part) => part.replace(/\*/g, '[^/]*'))
        .join('(?:.*/)?');
      return new RegExp(`^${body}$`);
    });
}

/** True when the path or one of its parent directories matches a pattern. */
function ignored(path: string, patterns: RegExp[]): boolean {
  const parts = normalize(path).split('/');
  return parts.some((_, i) => patterns.some((pattern) => pattern.test(parts.slice(0, i + 1).join('/'))));
}

/** Relative imports followed from the entry points; every bare package name seen on the way. */
function importGraph(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...entries];
  const specifiers = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(ts|tsx|js)$/.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(specifiers)) {
      if (match[1] !== undefined) continue; // `import type`: erased, never loaded
      const specifier = match[2] ?? match[3] ?? '';
      if (specifier.startsWith('.')) {
        queue.push(resolveModule(join(dirname(file), specifier), file));
      } else if (!isBuiltin(specifier)) {
        const [scopeOrName = '', name] = specifier.split('/');
        packages.add(scopeOrName.startsWith('@') ? `${scopeOrName}/${name ?? ''}` : scopeOrName);
      }
    }
  }
  return { files, packages };
}

function resolveModule(path: string, importer: string): string {
  const candidates = path.endsWith('.js') ? [path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), path] : [path, `${path}.ts`, `${path}/index.ts`];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (found === undefined) throw new Error(`${importer}: cannot resolve ${path}`);
  return normalize(found);
}

const instructions = parseDockerfile(readFileSync('infra/docker/Dockerfile', 'utf8'));
const stages = stagesOf(instructions);
const stage = (name: string): Stage => {
  const found = stages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
};
const runtime = stage('runtime');
const packageJson = z
  .object({ scripts: z.record(z.string(), z.string()), dependencies: z.record(z.string(), z.string()), devDependencies: z.record(z.string(), z.string()) })
  .parse(JSON.parse(readFileSync('package.json', 'utf8')));

/** What the image runs: the compose commands, the republish CLI, the health probe. */
const ENTRY_POINTS = ['edge-router/main.ts', 'render-workers/main.ts', 'ingest/main.ts', 'ingest/cli.ts', 'infra/sample-upstream/main.ts', 'infra/docker/healthcheck.js'];

describe('infra/docker/Dockerfile', () => {
  it('builds in stages: everything and the bundle, production dependencies, then the runtime last', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'prod-deps', 'runtime']);
    for (const s of stages) expect(s.image, s.name).toMatch(/^node:20-/);

    const build = runs(stage('build'));
    expect(build.some((run) => /npm install\b(?!.*--omit=dev)/.test(run))).toBe(true);
    const builds = build.flatMap((run) => run.split('&&').map((command) => command.trim()));
    expect(builds).toContain('npm run build:bundle');
    expect(builds).toContain('npm run build:services');
    expect(packageJson.scripts['build:bundle']).toBeDefined();
    expect(packageJson.scripts['build:services']).toBe('tsx infra/build-services.ts');

    expect(runs(stage('prod-deps')).some((run) => run.startsWith('npm install --omit=dev'))).toBe(true);
    // The runtime installs nothing: its node_modules are prod-deps', its bundle is build's.
    expect(runs(runtime).join('\n')).not.toContain('npm ');
    const fromOtherStages = copiesOf(runtime).filter((copy) => copy.from !== undefined);
    expect(fromOtherStages).toEqual([
      { from: 'prod-deps', sources: ['/app/node_modules'], dest: './node_modules' },
      { from: 'build', sources: ['/app/interactive-bundle/dist'], dest: './interactive-bundle/dist' },
      { from: 'build', sources: ['/app/dist/services'], dest: './dist/services' },
    ]);
    // ... where the build writes the services, and where compose runs them from (ADR 0057).
    expect(relative(REPO_ROOT, serviceBundlePath('render-worker'))).toBe('dist/services/render-worker.mjs');
    expect(relative(REPO_ROOT, serviceBundlePath('edge-router'))).toBe('dist/services/edge-router.mjs');
  });

  it('runs as a non-root user with a fixed uid, created in the runtime stage', () => {
    const users = runtime.instructions.filter((instruction) => instruction.keyword === 'USER');
    expect(users).toHaveLength(1);
    const [uid, gid] = (users[0]?.args ?? '').split(':');
    expect(uid).toMatch(/^[1-9]\d{3,}$/);
    expect(gid).toMatch(/^[1-9]\d{3,}$/);
    const setup = runs(runtime).join('\n');
    expect(setup).toContain(`useradd --system --uid ${uid ?? ''} --gid ${gid ?? ''}`);
    expect(setup).toContain(`groupadd --system --gid ${gid ?? ''}`);
    // USER comes before the command it runs, and nothing switches back to root.
    const keywords = runtime.instructions.map((instruction) => instruction.keyword);
    expect(keywords.indexOf('USER')).toBeLessThan(keywords.indexOf('CMD'));
    expect(instructions.at(-1)?.keyword).toBe('CMD');
  });

  it('bakes in no secret: no token, webhook secret or cloud keys', () => {
    const text = readFileSync('infra/docker/Dockerfile', 'utf8');
    for (const name of ['ADMIN_TOKEN', 'WEBHOOK_SECRET', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'FASTLY_API_TOKEN']) {
      // Named in the header comment to say they come from the environment; never set.
      expect(instructions.filter((instruction) => instruction.args.includes(name)), name).toEqual([]);
      expect(text).not.toMatch(new RegExp(`(ENV|ARG)\\s+${name}`));
    }
    const env = instructions.filter((instruction) => instruction.keyword === 'ENV' || instruction.keyword === 'ARG').map((instruction) => instruction.args);
    expect(env).toEqual(['NODE_ENV=production']);
    // Local secrets never reach the build context.
    expect(ignored('.env', dockerignore())).toBe(true);
    expect(ignored('.env.local', dockerignore())).toBe(true);
  });

  it('copies only files that exist and that .dockerignore keeps', () => {
    const patterns = dockerignore();
    for (const s of stages) {
      for (const copy of copiesOf(s).filter((c) => c.from === undefined)) {
        for (const source of copy.sources) {
          if (source === '.') continue;
          expect(existsSync(source), `${s.name}: COPY ${source}`).toBe(true);
          expect(ignored(source, patterns), `${s.name}: COPY ${source} is in .dockerignore`).toBe(false);
        }
      }
    }
    // Installed and built files come from their own stages, never from the host.
    for (const path of ['node_modules', 'interactive-bundle/dist', '.data', '.git', 'core/storage/keys.test.ts']) {
      expect(ignored(path, patterns), path).toBe(true);
    }
  });

  it('holds every module the services load, and every package they import is a production dependency', () => {
    const copied = copiesOf(runtime)
      .filter((copy) => copy.from === undefined)
      .flatMap((copy) => copy.sources);
    const patterns = dockerignore();
    const { files, packages } = importGraph(ENTRY_POINTS);
    expect(files.size).toBeGreaterThan(100);
    for (const file of files) {
      const covered = copied.some((source) => file === source || file.startsWith(`${source}/`));
      expect(covered, `${file} is not copied into the runtime stage`).toBe(true);
      expect(ignored(file, patterns), `${file} is dropped by .dockerignore`).toBe(false);
    }
    // tsx runs the services; both it and everything they import must survive --omit=dev.
    for (const name of [...packages, 'tsx']) {
      expect(packageJson.dependencies[name], `${name} must be in dependencies, not devDependencies`).toBeDefined();
    }
    // tsx reads tsconfig.json (the jsx setting) and package.json ("type": "module").
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'tsconfig.json']));
  });

  it('starts the edge router by default, and checks its health with the probe script', () => {
    const cmd = runtime.instructions.find((instruction) => instruction.keyword === 'CMD');
    // The edge router's build (ADR 0057), which the build stage writes and the runtime copies.
    expect(JSON.parse(cmd?.args ?? '[]')).toEqual(['node', relative(REPO_ROOT, serviceBundlePath('edge-router'))]);
    const healthcheck = runtime.instructions.find((instruction) => instruction.keyword === 'HEALTHCHECK');
    expect(healthcheck?.args).toMatch(/CMD \["node", "infra\/docker\/healthcheck\.js", "http:\/\/127\.0\.0\.1:3000\/healthz"\]$/);
    expect(existsSync('infra/docker/healthcheck.js')).toBe(true);
  });
});
