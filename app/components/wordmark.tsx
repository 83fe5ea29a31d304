/** The brand mark: a ridge line over the name. Drawn inline so it costs no request. */
export function Wordmark() {
  return (
    <>
      <svg width="32" height="20" viewBox="0 0 32 20" aria-hidden="true" focusable="false">
        <path d="M1 19 L10 5 L15 12 L21 2 L31 19 Z" fill="#1f4d3f" />
        <path d="M10 5 L12.6 9 L10 8 L8 10 Z M21 2 L24.5 8 L21 6.5 L18.5 7 Z" fill="#ffffff" />
      </svg>
      <span>Ridgeline</span>
    </>
  );
}
