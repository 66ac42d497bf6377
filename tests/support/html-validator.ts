/**
 * The Nu HTML Checker (vnu-jar, on the installed Java, offline) for many documents in ONE run:
 * starting the JVM costs seconds, checking another document costs milliseconds, so callers pass
 * every page they want checked at once (every stored page must parse as HTML without errors).
 *
 * AMP documents are HTML with AMP's own attributes, which vnu reports as errors. For documents whose
 * root is `<html ⚡>` or `<html amp>` (only those) the messages in AMP_ONLY_MESSAGES are dropped:
 * each is an attribute the AMP format requires or defines and HTML does not know. Everything else
 * in an AMP document is reported like any other page; tests/support/amp-check.ts checks the AMP
 * rules themselves.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { z } from 'zod';

const run = promisify(execFile);

/** A document given by content: `name` identifies it in the messages (e.g. its storage key). */
export interface HtmlDocument {
  name: string;
  html: string;
}

/** One vnu message, with `document` the file path or the HtmlDocument name it is about. */
export interface Message {
  document: string;
  /** vnu's type: 'error', 'info' (subType 'warning' for warnings) or 'non-document-error' (I/O). */
  type: string;
  subType?: string;
  message: string;
  line?: number;
  column?: number;
  /** A few characters around the problem. */
  extract?: string;
}

/**
 * vnu errors dropped for AMP documents only, and why: each names an attribute of the AMP format
 * (https://amp.dev/documentation/guides-and-tutorials/learn/spec/amphtml) that HTML lacks.
 *  - `⚡` / `amp` on html: the AMP document marker (required).
 *  - `amp-boilerplate` / `amp-custom` on style: the required boilerplate and the one author stylesheet.
 *  - `custom-element` / `custom-template` on script: how AMP loads its extension scripts.
 *  - `on` on any element: AMP's action attribute (`on="tap:sidebar.toggle"`), not an event handler.
 */
export const AMP_ONLY_MESSAGES: readonly RegExp[] = [
  /^Attribute “(⚡|amp)” not allowed on element “html” at this point\.$/,
  /^Attribute “(amp-boilerplate|amp-custom)” not allowed on element “style” at this point\.$/,
  /^Attribute “(custom-element|custom-template)” not allowed on element “script” at this point\.$/,
  /^Attribute “on” not allowed on element “[a-z0-9-]+” at this point\.$/,
];

const vnuMessageSchema = z.looseObject({
  type: z.string(),
  subType: z.string().optional(),
  url: z.string().optional(),
  message: z.string(),
  lastLine: z.number().optional(),
  firstColumn: z.number().optional(),
  lastColumn: z.number().optional(),
  extract: z.string().optional(),
});
const vnuOutputSchema = z.looseObject({ messages: z.array(vnuMessageSchema) });

/** The vnu.jar path, from the vnu-jar package's export (a String object holding the path). */
export function vnuJarPath(): string {
  const exported: unknown = createRequire(import.meta.url)('vnu-jar');
  const path = exported instanceof String || typeof exported === 'string' ? String(exported) : '';
  if (!path.endsWith('.jar')) throw new TypeError('vnu-jar did not export the path of vnu.jar');
  return path;
}

const AMP_ROOT = /<html\b[^>]*\s(⚡|amp)(\s|=|>|\/)/i;

function isAmpDocument(html: string): boolean {
  return AMP_ROOT.test(html.slice(0, 2000));
}

/**
 * Checks every document in one vnu run and returns its messages (errors, warnings and infos; filter
 * on `type === 'error'` for "parses without errors"), minus AMP_ONLY_MESSAGES for AMP documents.
 * Documents are given by content; files on disk go through validateHtmlFiles. (A string of HTML
 * passed as a path names no file, and vnu says nothing about a file it cannot find: the two entry
 * points keep that mistake from checking nothing.)
 */
export async function validateHtml(documents: readonly HtmlDocument[]): Promise<Message[]> {
  if (documents.length === 0) return [];
  const dir = await mkdtemp(join(tmpdir(), 'vnu-'));
  try {
    const files = new Map<string, CheckedFile>();
    for (const [i, doc] of documents.entries()) {
      const path = join(dir, `${String(i + 1).padStart(5, '0')}.html`);
      await writeFile(path, doc.html, 'utf8');
      const amp = isAmpDocument(doc.html);
      files.set(path, { name: doc.name, isAmp: () => Promise.resolve(amp) });
    }
    return await runVnu(files);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** validateHtml for HTML files on disk, named by their paths in the messages; a missing file is an error, not a pass. */
export async function validateHtmlFiles(paths: readonly string[]): Promise<Message[]> {
  if (paths.length === 0) return [];
  const files = new Map<string, CheckedFile>();
  for (const given of paths) {
    const path = resolve(given);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new Error(`validateHtmlFiles: no such file: ${given.slice(0, 120)}`);
    files.set(path, { name: given, isAmp: async () => isAmpDocument(await readHead(path)) });
  }
  return await runVnu(files);
}

/**
 * Pages held as strings, as HtmlDocuments named after each page (its canonical URL, else its
 * title, else its position), so a message says which page it is about.
 */
export function pageDocuments(pages: readonly string[]): HtmlDocument[] {
  return pages.map((html, i) => {
    const head = html.slice(0, 20_000);
    const name = /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1] ?? /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? `page ${i + 1}`;
    return { name, html };
  });
}

/** A file handed to vnu: the name its messages carry, and whether it is an AMP document. */
interface CheckedFile {
  name: string;
  isAmp: () => Promise<boolean>;
}

/**
 * The JVM's settings for a checker run. A run is a short batch (one JVM per validateHtml call, up
 * to a few hundred documents), which the JIT's optimising tier costs more CPU than it earns back:
 * with C1 only (TieredStopAtLevel=1), the 871 pages of both editions took 25 s of CPU instead of
 * 39 s, with the same messages. C1's frames are larger, and the checker's schema recursion then
 * needs more than the default thread stack (vnu asks for at least 512k): 4 MB. One GC thread
 * (serial): the suite already keeps both cores busy.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-Xss4m', '-XX:+UseSerialGC'];

async function runVnu(files: ReadonlyMap<string, CheckedFile>): Promise<Message[]> {
  const { stdout } = await run(
    'java',
    [...JVM_OPTIONS, '-jar', vnuJarPath(), '--format', 'json', '--stdout', '--exit-zero-always', '--no-langdetect', '--html', ...files.keys()],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const output = vnuOutputSchema.parse(JSON.parse(stdout));
  const messages: Message[] = [];
  for (const raw of output.messages) {
    const path = raw.url?.startsWith('file:') ? fileURLToPath(raw.url) : (raw.url ?? '');
    const file = files.get(path);
    if (file && (await file.isAmp()) && AMP_ONLY_MESSAGES.some((pattern) => pattern.test(raw.message))) continue;
    messages.push({
      document: file?.name ?? path,
      type: raw.type,
      ...(raw.subType === undefined ? {} : { subType: raw.subType }),
      message: raw.message,
      ...(raw.lastLine === undefined ? {} : { line: raw.lastLine }),
      ...(raw.firstColumn === undefined ? {} : { column: raw.firstColumn }),
      ...(raw.extract === undefined ? {} : { extract: raw.extract }),
    });
  }
  return messages;
}

async function readHead(path: string): Promise<string> {
  return (await readFile(path, 'utf8')).slice(0, 2000);
}

/** Only the errors, one line each: "document:line:column message" (for readable test failures). */
export function errorLines(messages: readonly Message[]): string[] {
  return messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => `${m.document}:${m.line ?? '?'}:${m.column ?? '?'} ${m.message}`);
}
