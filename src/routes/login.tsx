import { createFileRoute } from '@tanstack/react-router';
import { handOverToLoginDocument, safeRedirect } from '@/lib/login-redirect';

interface LoginSearch {
  redirect?: string;
}

// The login screen is its own document (src/features/auth/login-document.ts, no React): the route hands over to it.
// It is reached in the app when a handover in the URL (uid, token, code, cid) gave no session, or by a link.
export const Route = createFileRoute('/login')({
  staticData: { title: '登录', index: 0, bare: true },
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({ redirect: safeRedirect(search.redirect) }),
  beforeLoad: ({ search }) => handOverToLoginDocument(search.redirect),
});
