import type { Plugin } from 'vite';

const SHEET = /[\\/]react-toastify[\\/]dist[\\/]ReactToastify\.css$/;
const ROOT = ':root {';
/** Stacked toasts' collapsed children: the portal's container is not stacked (app/providers.tsx). */
const STACKED_CHILDREN =
  /\.Toastify__toast--stacked\[data-collapsed='true'\]:not\(:last-child\)\s*>\s*\*\s*\{[^}]*\}/;

/**
 * react-toastify's stylesheet, written so that adding it to a drawn page costs nothing. It arrives with
 * the library after the screen has shown (lib/toast.ts), and two of its rules made the browser work
 * out the style of every element again (1,071 elements, 141 ms of a cold visit to Users at 4x the
 * CPU, traced): its variables set on `:root`, now on `.Toastify` (the section its container draws
 * every toast in), and a rule for any child of a collapsed stacked toast, left out. Rules for classes
 * no element has yet are free to add (2 elements restyled, traced).
 */
export function toastStyles(): Plugin {
  return {
    name: 'enq-toast-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!SHEET.test(id.split('?', 1)[0]!)) return null;
      if (!code.includes(ROOT) || !STACKED_CHILDREN.test(code))
        throw new Error("react-toastify's stylesheet changed: build/toast-styles.ts needs a look");
      return { code: code.replace(ROOT, '.Toastify {').replace(STACKED_CHILDREN, ''), map: null };
    },
  };
}
