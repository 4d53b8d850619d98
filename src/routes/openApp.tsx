import { createFileRoute } from '@tanstack/react-router';
import { OpenAppPage } from '@/features/auth/components/open-app-page';

interface OpenAppSearch {
  path?: string;
}

export const Route = createFileRoute('/openApp')({
  staticData: { title: '打开应用', index: 0, bare: true },
  validateSearch: (search: Record<string, unknown>): OpenAppSearch => ({
    path:
      typeof search.path === 'string' && search.path.startsWith('/') && !search.path.startsWith('//')
        ? search.path
        : undefined,
  }),
  component: OpenAppPage,
});
