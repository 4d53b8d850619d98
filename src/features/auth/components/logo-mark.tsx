/**
 * The app's mark (public/favicon.svg) drawn inline, as index.html's static login screen draws it: an <img> counts as
 * the page's largest paint once its file has decoded, so the one React puts in place of the static one would become a
 * new, later Largest Contentful Paint. Inline, the title beside it stays the largest paint and is there from the start.
 */
export function LogoMark() {
  return (
    <svg className="login-logo" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="#1677ff" />
      <text x="32" y="43" fontSize="30" textAnchor="middle" fill="#fff" fontFamily="sans-serif">
        协
      </text>
    </svg>
  );
}
