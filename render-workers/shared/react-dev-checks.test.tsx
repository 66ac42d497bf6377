/**
 * The unit project renders with React's development build and fails a test on any warning React
 * prints (tests/support/react-warnings.ts, ADR 0043). These tests check that both hold, so that
 * the check cannot silently stop working.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { takeReactWarnings } from '../../tests/support/react-warnings.js';
import { renderDocument } from './render-html.js';

describe('React development checks in the unit tests', () => {
  it('run React\'s development build', () => {
    expect(process.env.NODE_ENV).not.toBe('production');
  });

  it('catch a list rendered without keys, naming it', () => {
    const items = ['one', 'two'];
    renderToString(
      <ul>
        {items.map((item) => (
          <li>{item}</li>
        ))}
      </ul>,
    );
    const warnings = takeReactWarnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('unique "key" prop');
  });

  it('catch a DOM property spelled as in HTML', () => {
    // @ts-expect-error: the mistake this check is for (React's name is className)
    renderToString(<div class="lead">text</div>);
    expect(takeReactWarnings().join('\n')).toContain('Invalid DOM property `class`');
  });

  it('leave a page without warnings alone', () => {
    const html = renderDocument(
      <html lang="en">
        <head>
          <title>Quiet</title>
        </head>
        <body>
          <ul>
            {['a', 'b'].map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </body>
      </html>,
    );
    expect(html).toContain('<li>a</li>');
    expect(takeReactWarnings()).toEqual([]);
  });
});
