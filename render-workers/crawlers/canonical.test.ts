/**
 * "Canonical links everywhere": a front and an article rendered by the real
 * renderer (tests/support/renderer.ts) each carry exactly one canonical link, absolute on the
 * public origin, naming the page itself.
 */
import { parseDocument } from 'htmlparser2';
import { isTag, type ChildNode, type Element } from 'domhandler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS_ORIGIN, startRendererHarness, type RendererHarness } from '../../tests/support/renderer.js';

let harness: RendererHarness;

beforeAll(async () => {
  harness = await startRendererHarness({ logLevel: 'silent' });
});

afterAll(async () => {
  await harness.stop();
});

function elements(nodes: readonly ChildNode[]): Element[] {
  return nodes.flatMap((node) => (isTag(node) ? [node, ...elements(node.children)] : []));
}

function canonicalLinks(html: string): string[] {
  return elements(parseDocument(html).children)
    .filter((el) => el.name === 'link' && (el.attribs.rel ?? '').split(/\s+/).includes('canonical'))
    .map((el) => el.attribs.href ?? '');
}

describe('canonical links', () => {
  it.each([
    ['the home page', '/'],
    ['a section front', '/politics'],
    ['an article', '/politics/senate-panel-advances-rural-broadband-bill'],
  ])('%s has exactly one, absolute, naming itself', async (_label, path) => {
    await harness.render(path);
    const links = canonicalLinks(await harness.stored(path));
    expect(links).toHaveLength(1);
    const [href] = links;
    expect(new URL(href ?? '').origin).toBe(HARNESS_ORIGIN);
    expect(href).toBe(path === '/' ? `${HARNESS_ORIGIN}/` : `${HARNESS_ORIGIN}${path}`);
  });
});
