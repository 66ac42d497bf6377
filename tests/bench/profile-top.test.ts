import { describe, expect, it } from 'vitest';
import { timeByArea, topFunctions } from './profile-top.js';

const frame = (functionName: string, url = 'file:///x/render-workers/a.ts', lineNumber = 0) => ({ functionName, url, lineNumber });

describe('profile-top', () => {
  it('ranks functions by self samples and counts a recursive function once in its total', () => {
    const rows = topFunctions({
      startTime: 0,
      endTime: 1,
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), hitCount: 0, children: [2, 5] },
        { id: 2, callFrame: frame('render'), hitCount: 1, children: [3] },
        { id: 3, callFrame: frame('renderElement', 'file:///x/node_modules/react-dom/s.js', 9), hitCount: 4, children: [4] },
        { id: 4, callFrame: frame('renderElement', 'file:///x/node_modules/react-dom/s.js', 9), hitCount: 3 },
        { id: 5, callFrame: frame('(idle)', ''), hitCount: 10 },
      ],
    });
    expect(rows[0]?.name).toBe('(idle)');
    const render = rows.find((row) => row.name === 'render render-workers/a.ts:1');
    expect(render).toEqual({ name: 'render render-workers/a.ts:1', selfSamples: 1, totalSamples: 8 });
    const element = rows.find((row) => row.name.startsWith('renderElement'));
    expect(element).toEqual({ name: 'renderElement node_modules/react-dom/s.js:10', selfSamples: 7, totalSamples: 7 });
  });

  it('splits busy samples by the innermost frame in an area, keeping V8\'s own samples apart and leaving idle out', () => {
    const areas = timeByArea({
      startTime: 0,
      endTime: 1,
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), hitCount: 0, children: [2, 6, 7, 8] },
        { id: 2, callFrame: frame('fetchArticle', 'file:///x/core/upstream/client.ts'), hitCount: 2, children: [3, 5] },
        { id: 3, callFrame: frame('parse', 'file:///x/node_modules/zod/v4/core/schemas.js'), hitCount: 3, children: [4] },
        // A helper of the project's called by zod: still zod's time, the innermost area on the stack.
        { id: 4, callFrame: frame('refine', 'file:///x/render-workers/a.ts'), hitCount: 1 },
        { id: 5, callFrame: frame('toPlainText', 'file:///x/core/plain-text.ts'), hitCount: 4 },
        { id: 6, callFrame: frame('buildView', 'file:///x/render-workers/a.ts'), hitCount: 5 },
        { id: 7, callFrame: frame('(garbage collector)', ''), hitCount: 6 },
        { id: 8, callFrame: frame('(idle)', ''), hitCount: 50 },
      ],
    });
    expect(areas).toEqual([
      { area: 'upstream client', samples: 6 },
      { area: '(garbage collector)', samples: 6 },
      { area: 'other', samples: 5 },
      { area: 'zod', samples: 4 },
    ]);
  });
});
