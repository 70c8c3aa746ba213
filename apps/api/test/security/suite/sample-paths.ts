// Paths into the sample values the security suite builds from the OpenAPI document, and copies of a
// sample with one value replaced.

/** Every leaf's path in a sample value, so a bad value can replace any of them. */
export function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    const inner = entries.flatMap(([k, v]) => leaves(v, [...path, k]));
    return inner.length ? inner : [path];
  }
  return [path];
}

/** Every string leaf of a sample value, as a path into it. */
export function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([k, v]) => stringLeaves(v, [...path, k]));
}

/** A copy of `value` with what is at `path` replaced `by`. */
export function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[path[0]!] = replaced(copy[path[0]!], path.slice(1), by);
  return copy;
}
