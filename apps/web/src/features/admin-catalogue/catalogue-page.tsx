/** Plans, rates, lines and markets (filled by the operator console's catalogue work, issue 25). */
export function CataloguePage() {
  return <h1 className="text-2xl font-semibold text-slate-900">Catalogue</h1>;
}
