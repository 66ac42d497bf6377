/**
 * Renders every island in the registry on the server (STYLE.md islands row): the markup is there,
 * the props script parses back to the props, the output is deterministic, and no prop can break
 * out of its script element.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island } from './island.js';
import { IslandPropsError, parseIslandProps, serializeIslandProps } from './island-props.js';
import { ISLAND_NAMES, isIslandName, islandLoaders, type IslandName, type IslandPropsByName } from './islands/registry.js';

/** One sample per island; the mapped type makes a new island without a sample a compile error. */
const SAMPLE_PROPS: { [N in IslandName]: IslandPropsByName[N] } = {
  HeaderSearch: { siteName: 'Fox News' },
  LoadMore: {
    category: 'politics',
    from: 11,
    pageSize: 10,
    preloaded: [
      {
        title: 'Senate passes the bill',
        url: '/politics/senate-passes-bill',
        imageUrl: 'https://static.example.com/images/senate.jpg',
        description: 'The vote was 51-49.',
        publicationDate: '2026-02-28T13:05:00.000Z',
      },
    ],
    hasMore: true,
    endpoint: '/api/article-search',
  },
};

const HOSTILE = '</script><script>alert(1)</script><!-- & \u2028\u2029';

function renderIsland<N extends IslandName>(name: N, props: IslandPropsByName[N]): string {
  return renderToString(<Island name={name} props={props} />);
}

/** The props script's text for the island root in `html`, found by the root's pointer. */
function propsScriptText(html: string): string {
  const pointer = /data-island-props="([^"]+)"/.exec(html);
  expect(pointer).not.toBeNull();
  const id = pointer?.[1] ?? '';
  const script = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  expect(script).not.toBeNull();
  return script?.[1] ?? '';
}

/** Replaces every string prop with the hostile string, keeping the props' shape. */
function hostile<P>(props: P): P {
  return JSON.parse(JSON.stringify(props, (_key, value: unknown) => (typeof value === 'string' ? HOSTILE : value))) as P;
}

describe.each(ISLAND_NAMES)('island %s', (name) => {
  const props = SAMPLE_PROPS[name];

  it('renders non-empty markup inside a root that names the component', () => {
    const html = renderIsland(name, props);
    const root = new RegExp(`^<div data-island="${name}" data-island-props="[^"]+">([\\s\\S]+?)</div><script`).exec(html);
    expect(root?.[1]?.length ?? 0).toBeGreaterThan(0);
  });

  it('writes props that parse back to the same props', () => {
    expect(parseIslandProps(propsScriptText(renderIsland(name, props)))).toEqual(props);
  });

  it('renders byte-identical HTML twice', () => {
    expect(renderIsland(name, props)).toBe(renderIsland(name, props));
  });

  it('keeps a hostile string prop inside the JSON', () => {
    const evil = hostile(props);
    const html = renderIsland(name, evil);
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(parseIslandProps(propsScriptText(html))).toEqual(evil);
  });

  it('has a client loader whose props parser accepts the sample', async () => {
    const island = await islandLoaders[name]();
    expect(island.parseProps(props)).toEqual(props);
  });
});

describe('Island', () => {
  it('gives two islands on one page distinct props ids and distinct element ids', () => {
    const html = renderToString(
      <main>
        <Island name="HeaderSearch" props={{ siteName: 'Fox News' }} />
        <Island name="HeaderSearch" props={{ siteName: 'Fox News en Español' }} />
      </main>,
    );
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('island props wire format', () => {
  it('escapes <, >, & and U+2028/9 and round-trips', () => {
    const props = { text: HOSTILE, nested: [{ n: 1, ok: true, none: null }] };
    const text = serializeIslandProps(props);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(props);
  });

  it('rejects text that is not JSON or not an object', () => {
    expect(() => parseIslandProps('{nope')).toThrow(IslandPropsError);
    expect(() => parseIslandProps('[1]')).toThrow(IslandPropsError);
    expect(() => parseIslandProps('null')).toThrow(IslandPropsError);
  });

  it('knows the registered names', () => {
    expect(isIslandName('HeaderSearch')).toBe(true);
    expect(isIslandName('toString')).toBe(false);
    expect(isIslandName('Nope')).toBe(false);
  });
});
