/** The first stop of the keyboard on every shell: jumps past the header and the navigation to #main. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="focus-ring sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}
