import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';

interface LoginSearch {
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  staticData: { title: '登录', index: 0, bare: true },
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: typeof search.redirect === 'string' && search.redirect.startsWith('/') && !search.redirect.startsWith('//') ? search.redirect : undefined,
  }),
  component: LoginPage,
});
