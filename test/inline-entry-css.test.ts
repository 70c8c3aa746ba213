import { describe, expect, it } from 'vitest';
import { inlineEntryCss } from '../apps/web/build/inline-entry-css';

const html = `<head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-B9v.css">
  </head>`;
const css = '.bg-slate-50{background-color:#f8fafc}.a:before{content:"$&"}';

function transform(bundle: Record<string, unknown>): string {
  const hook = inlineEntryCss().transformIndexHtml as {
    handler: (html: string, context: { bundle: unknown }) => string;
  };
  return hook.handler(html, { bundle });
}

describe("the built page's entry stylesheet", () => {
  it('is in index.html itself, so the first paint waits for no request; its link stays, disabled, which is not fetched', () => {
    const out = transform({ 'assets/index-B9v.css': { type: 'asset', source: css } });
    expect(out).toContain(`<style>${css}</style>`);
    // Vite's loader skips a stylesheet the page links; a disabled one is neither fetched nor applied.
    expect(out.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-B9v.css" disabled>',
    ]);
    expect(out).toContain('src="/assets/index-abc.js"');
  });

  it('stays linked when the build has no such file', () => {
    expect(transform({})).toBe(html);
  });
});
