import { createFileRoute } from '@tanstack/react-router';
import { optionalText as text } from '@/lib/search-params';
import { SearchScreen } from '@/features/pad/components/search-screen';

export const Route = createFileRoute('/search')({
  staticData: { title: '搜索', index: 1 },
  // kept small (route files load with every page): the screen checks module and open itself
  validateSearch: (s: Record<string, unknown>): { q?: string; module?: string; open?: string } => ({
    q: text(s.q, 50),
    module: text(s.module, 20),
    open: text(s.open, 100),
  }),
  component: Search,
});

function Search() {
  const { q, module, open } = Route.useSearch();
  return <SearchScreen q={q} module={module} open={open} />;
}
