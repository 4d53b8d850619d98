/**
 * Who took a step, at a glance: the last two characters of the name in a circle, as the address book draws a
 * person without a photo (the trace carries names, not photos). The characters are drawn by CSS from data-initials,
 * so the name stays once in the page's text (find in page, copy, screen readers) beside the step that names it.
 */
export function TraceAvatar({ name }: { name: string }) {
  return <span className="flow-trace-avatar" data-initials={name.slice(-2)} aria-hidden="true" />;
}
