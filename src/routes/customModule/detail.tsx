import { createFileRoute } from '@tanstack/react-router';
import { validateCustomSearch } from '@/lib/search-params';
import { CustomDetailPage } from '@/features/custom/components/custom-detail-page';
import { loadRecord } from '@/features/custom/api/loaders';

export const Route = createFileRoute('/customModule/detail')({
  staticData: { title: '业务详情', index: 3 },
  validateSearch: validateCustomSearch,
  loaderDeps: ({ search }) => ({ code: search.code, id: search.id }),
  loader: ({ context, deps }) => loadRecord(context.queryClient, deps.code, deps.id),
  component: CustomDetail,
});

function CustomDetail() {
  const { code, id } = Route.useSearch();
  return <CustomDetailPage key={`${code}:${id ?? 'new'}`} code={code} id={id} />;
}
