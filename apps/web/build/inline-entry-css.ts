import type { Plugin } from 'vite';

/**
 * Puts the entry stylesheet into index.html instead of linking it: the outline index.html paints
 * before any script (and every first paint) waits for that stylesheet, one request more on a slow
 * phone connection. The page is sent compressed, so the styles cost about what the file did. The
 * screens' own stylesheets still load with their code.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'enq-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(html);
        const asset = link && bundle?.[link[1]!];
        if (!link || asset?.type !== 'asset') return html;
        // The link stays, disabled, which the browser does not fetch: Vite's loader skips a stylesheet
        // the page links already, and would otherwise fetch it, and wait for it, before each screen and
        // the app (their code imports the entry chunk, whose stylesheet this is).
        const disabled = link[0].replace(/\s*\/?>$/, ' disabled>');
        return html.replace(link[0], () => `<style>${String(asset.source)}</style>${disabled}`);
      },
    },
  };
}
