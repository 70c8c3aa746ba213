/** A graph's static imports: what `id` imports, or undefined for an id the graph does not have. */
export type ImportsOf = (id: string) => readonly string[] | undefined;

/**
 * What `roots` need before they can run: themselves and their static imports, at any depth (chunks
 * in a bundle, modules in the module graph). An id the graph does not have is left out.
 */
export function importClosure(roots: readonly string[], importsOf: ImportsOf): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    const imports = importsOf(id);
    if (!imports) return;
    seen.add(id);
    imports.forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}
