import DOMPurify from 'dompurify';

// Content from the server (message bodies, news, mail, form rich text) is written by other users: it is rendered
// only through this function. Styles and form controls are dropped too: a stored `<form>` or a full-screen
// `position:fixed` overlay is a phishing vector even without script.
const config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'meta', 'base', 'link'],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'action', 'ping'],
  ALLOW_DATA_ATTR: false,
};

let hooked = false;

function addLinkHook(): void {
  if (hooked) return;
  hooked = true;
  // links open outside the app and never hand it `window.opener`
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Untrusted HTML → markup safe to pass to dangerouslySetInnerHTML (no script, handlers, javascript: URLs, styles). */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  addLinkHook();
  return DOMPurify.sanitize(html, config);
}
