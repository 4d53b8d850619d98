import { createFileRoute } from '@tanstack/react-router';
import { validateCustomSearch } from '@/lib/search-params';
import { CustomListScreen } from '@/features/pad/components/custom-list-screen';
import { loadRecordList } from '@/features/custom/api/loaders';

export const Route = createFileRoute('/customModule/list')({
  staticData: { title: '业务列表', index: 2 },
  validateSearch: validateCustomSearch,
  loaderDeps: ({ search }) => ({ code: search.code }),
  loader: ({ context, deps }) => loadRecordList(context.queryClient, deps.code),
  component: CustomList,
});

function CustomList() {
  const { code } = Route.useSearch();
  // a tablet opens the record beside the list (?id=)
  return <CustomListScreen code={code} />;
}
