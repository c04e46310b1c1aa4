/**
 * The workshop's emblem: a leather shield with saddle stitching and a car seat.
 * Inline, so the navigation needs no extra request; decorative next to the visible name.
 * public/logo.svg is the same drawing for favicons and structured data.
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
      <g fill="#f1d9b5">
        <rect x="22.5" y="12" width="11" height="6.5" rx="3" />
        <rect x="26" y="17.5" width="4" height="3.5" />
        <path d="M21 23c0-1.4 1.1-2.5 2.5-2.5h9c1.3 0 2.3.9 2.5 2.2l2.7 16.8c.2 1.4-.9 2.5-2.3 2.5h-8.6c-1.2 0-2.2-.9-2.5-2Z" />
        <rect x="26.5" y="39" width="21.5" height="8.5" rx="3.8" />
        <rect x="29" y="47" width="3" height="4" />
        <rect x="42" y="47" width="3" height="4" />
      </g>
      <path d="M24.6 27h9M25.3 31.5h9M26 36h9" stroke="#8a4b22" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}
