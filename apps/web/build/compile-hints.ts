import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks every chunk for eager compilation. V8 otherwise compiles a function on the main thread when
 * it is first called; most of a chunk's functions run as soon as it arrives (each is fetched only
 * when its code is about to run: the first load's chunks, a screen's, a chart's), so the cold
 * render paid that compilation on the main thread, after the code had arrived. Marked, V8 compiles
 * them on a background thread while the file streams in. The comment must be the file's first line;
 * it is added after minification, which would drop it, and is the same in every chunk, so the
 * file names still change only with the code.
 */
export function compileHints(): Plugin {
  return {
    name: 'enq-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own, which puts its preload map (`__vite__mapDeps`) before a chunk's code.
      order: 'post',
      handler(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
