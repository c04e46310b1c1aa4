/**
 * The workshop's emblem: a leather shield with saddle stitching and a seat outline.
 * Inline, so the navigation needs no extra request; decorative next to the visible name.
 */
export function Logo({ size = 48 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M32 2 58 10v20c0 16-11 27-26 32C17 57 6 46 6 30V10Z" fill="#8a4b22" />
      <path
        d="M32 7 53 13.5V30c0 13.5-9 22.5-21 27-12-4.5-21-13.5-21-27V13.5Z"
        fill="none"
        stroke="#f1d9b5"
        strokeWidth="1.6"
        strokeDasharray="3 2.4"
      />
      <path
        d="M24 17h10c3 0 4.5 2 4 5l-2.6 15.5H45c2.2 0 3.5 1.5 3.2 3.6L47 47H22.5c-2 0-3-1.3-2.8-3.2L21 21c.3-2.4 1.2-4 3-4Z"
        fill="#f1d9b5"
      />
      <path d="M26 22.5h6M25.4 28h6M24.8 33.5h6" stroke="#8a4b22" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
