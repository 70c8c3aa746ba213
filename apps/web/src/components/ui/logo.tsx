/** The enQ wordmark, drawn inline so the strict CSP needs no image source. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 88 32" role="img" aria-hidden="true" className={className} focusable="false">
      <rect x="0" y="2" width="28" height="28" rx="7" fill="#2563eb" />
      <circle cx="14" cy="16" r="6.5" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M17.5 19.5l4 4" stroke="#2dd4bf" strokeWidth="3" strokeLinecap="round" />
      <text
        x="36"
        y="23"
        fill="currentColor"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontSize="19"
        fontWeight="700"
        letterSpacing="-0.5"
      >
        enQ
      </text>
    </svg>
  );
}
