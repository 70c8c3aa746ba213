/**
 * Counts what would load ICU's locale data in a new renderer: Intl's number and date formatters and
 * the toLocale* methods that make one. The first screens format without them (contract's
 * format-en-us.ts says why); `restore` puts the originals back.
 */
export function watchIntlUses() {
  const uses: string[] = [];
  const restores: (() => void)[] = [];
  for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
    const original = Intl[name];
    const watched = function (this: unknown, ...args: unknown[]) {
      uses.push(`Intl.${name} ${JSON.stringify(args)}`);
      return new (original as unknown as new (...a: unknown[]) => unknown)(...args);
    } as unknown as typeof original;
    Object.defineProperty(watched, 'prototype', { value: original.prototype });
    Object.assign(watched, original);
    (Intl as Record<string, unknown>)[name] = watched;
    restores.push(() => ((Intl as Record<string, unknown>)[name] = original));
  }
  for (const [owner, method] of [
    [Number.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString'],
  ] as const) {
    const original = owner[method as keyof typeof owner] as (...a: unknown[]) => string;
    (owner as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
      uses.push(`${method} ${JSON.stringify(args)}`);
      return original.apply(this, args);
    };
    restores.push(() => ((owner as unknown as Record<string, unknown>)[method] = original));
  }
  return { uses, restore: () => restores.forEach((restore) => restore()) };
}
