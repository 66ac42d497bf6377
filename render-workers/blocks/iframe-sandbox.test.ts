import { describe, expect, it } from 'vitest';
import { DEFAULT_IFRAME_SANDBOX, iframeSandbox, SANDBOX_ALLOW_LIST } from './iframe-sandbox.js';

const SAME = { crossOrigin: false };
const CROSS = { crossOrigin: true };

describe('the iframe sandbox allow-list (ADR 0021)', () => {
  it('never pairs allow-scripts with allow-same-origin for a frame that may be on our origin: allow-same-origin goes', () => {
    expect(iframeSandbox('allow-scripts allow-same-origin', SAME)).toEqual({ sandbox: 'allow-scripts', dropped: ['allow-same-origin'] });
    expect(iframeSandbox('ALLOW-SAME-ORIGIN\tAllow-Scripts  allow-forms', SAME)).toEqual({ sandbox: 'allow-scripts allow-forms', dropped: ['allow-same-origin'] });
  });

  it('keeps allow-same-origin without allow-scripts, and the pair for a cross-origin frame', () => {
    expect(iframeSandbox('allow-same-origin allow-forms', SAME)).toEqual({ sandbox: 'allow-same-origin allow-forms', dropped: [] });
    expect(iframeSandbox('allow-scripts allow-same-origin', CROSS)).toEqual({ sandbox: 'allow-scripts allow-same-origin', dropped: [] });
  });

  it('never gives an AMP frame allow-same-origin (AMP refuses it on the page origin; caches serve AMP elsewhere)', () => {
    expect(iframeSandbox('allow-same-origin allow-forms', { crossOrigin: false, amp: true })).toEqual({ sandbox: 'allow-forms', dropped: ['allow-same-origin'] });
    expect(iframeSandbox('allow-scripts allow-same-origin', { crossOrigin: true, amp: true })).toEqual({ sandbox: 'allow-scripts', dropped: ['allow-same-origin'] });
  });

  it('drops tokens off the list: top navigation, modals, downloads, unknown words', () => {
    const decision = iframeSandbox(
      'allow-scripts allow-top-navigation allow-top-navigation-by-user-activation allow-top-navigation-to-custom-protocols allow-modals allow-downloads allow-storage-access-by-user-activation " onload=x javascript:alert(1)',
      CROSS,
    );
    expect(decision.sandbox).toBe('allow-scripts');
    expect(decision.dropped).toEqual([
      'allow-top-navigation',
      'allow-top-navigation-by-user-activation',
      'allow-top-navigation-to-custom-protocols',
      'allow-modals',
      'allow-downloads',
      'allow-storage-access-by-user-activation',
      '"',
      'onload=x',
      'javascript:alert(1)',
    ]);
  });

  it('writes tokens once, in the list order, and an empty request as a full sandbox', () => {
    expect(iframeSandbox('allow-popups allow-scripts allow-popups', SAME).sandbox).toBe('allow-scripts allow-popups');
    expect(iframeSandbox('', SAME)).toEqual({ sandbox: '', dropped: [] });
    expect(iframeSandbox([...SANDBOX_ALLOW_LIST].reverse(), CROSS).sandbox).toBe(SANDBOX_ALLOW_LIST.join(' '));
  });

  it('has a default that passes its own rule unchanged', () => {
    expect(iframeSandbox(DEFAULT_IFRAME_SANDBOX, SAME)).toEqual({ sandbox: DEFAULT_IFRAME_SANDBOX, dropped: [] });
    expect(DEFAULT_IFRAME_SANDBOX).not.toContain('allow-same-origin');
  });

  it('never lists a token that lets a frame leave its box', () => {
    for (const token of SANDBOX_ALLOW_LIST) expect(token).not.toMatch(/top-navigation|modals|downloads|storage-access/);
  });
});
