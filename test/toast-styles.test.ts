import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import postcss, { type Rule } from 'postcss';
import { describe, expect, it } from 'vitest';
import { toastStyles } from '../apps/web/build/toast-styles';

const sheetPath = createRequire(import.meta.url).resolve('react-toastify/dist/ReactToastify.css');
const sheet = readFileSync(sheetPath, 'utf8');

function transform(code: string, id = sheetPath): string | null {
  const hook = toastStyles().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id)?.code ?? null;
}

/** The selectors of the sheet's style rules (keyframes' steps are not selectors). */
function selectors(css: string): string[] {
  const found: string[] = [];
  postcss.parse(css).walkRules((rule: Rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as { name: string }).name)) return;
    found.push(...rule.selectors);
  });
  return found;
}

describe("react-toastify's stylesheet as the page gets it", () => {
  it("applies to react-toastify's elements alone, without the two rules that restyled the whole page", () => {
    const out = selectors(transform(sheet)!);
    expect(out.length).toBeGreaterThan(50);
    expect(out.filter((selector) => !selector.includes('.Toastify'))).toEqual([]);
    // Traced, adding the library's own sheet to a drawn Users page restyled all 1,071 elements; without
    // these two rules, 2 (build/toast-styles.ts).
    const restyledAll = [':root', ".Toastify__toast--stacked[data-collapsed='true']:not(:last-child) > *"];
    expect(selectors(sheet)).toEqual(expect.arrayContaining(restyledAll));
    expect(out.filter((selector) => restyledAll.includes(selector))).toEqual([]);
  });

  it('keeps every variable, on the section the toasts are drawn in', () => {
    const variables = (css: string) => css.match(/--toastify-[\w-]+:/g)?.sort();
    const out = transform(sheet)!;
    expect(variables(out)).toEqual(variables(sheet));
    expect(out).toMatch(/\.Toastify \{\s*--toastify-color-light:/);
  });

  it('fails the build when the library changes the rules it rewrites', () => {
    expect(() => transform(sheet.replace(':root {', 'html {'))).toThrow(/toast-styles/);
    expect(() => transform(sheet.replace(':not(:last-child) > *', ' > *'))).toThrow(/toast-styles/);
    expect(transform('.a{}', '/app/src/other.css')).toBeNull();
  });
});
