import { describe, expect, it } from 'vitest';
import { menuColor } from './shell.js';

describe('menuColor (spec 1 §3 Menu item color: applied only as a valid CSS hex colour)', () => {
  it('keeps #rgb, #rgba, #rrggbb and #rrggbbaa in either case', () => {
    for (const color of ['#fff', '#FFFA', '#E4002B', '#e4002b80']) expect(menuColor(color)).toBe(color);
    expect(menuColor('  #E4002B ')).toBe('#E4002B');
  });

  it('drops anything else', () => {
    for (const color of [
      undefined,
      null,
      '',
      'red',
      'E4002B',
      '#E4002',
      '#GGGGGG',
      '#E4002B;background:url(https://evil.example/x)',
      'expression(alert(1))',
      'rgb(1,2,3)',
      '#fff"><script>',
    ]) {
      expect(menuColor(color), String(color)).toBeUndefined();
    }
  });
});
