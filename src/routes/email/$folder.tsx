import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@/components/empty-state';
import { MailFolderScreen } from '@/features/pad/components/mail-folder-screen';
import { folderOfRoute } from '@/features/mail/folder-routes';

// one route for the folders (inbox, star, draft, outbox, trash): five route entries would each weigh on the first load
export const Route = createFileRoute('/email/$folder')({
  staticData: { title: '邮件', index: 1 },
  // the loader loads with the page's chunk, keeping it out of the first load of /login and /phonehome
  loader: ({ context, params }) =>
    import('@/features/mail/api/loaders').then((m) => m.loadMailFolderRoute(context.queryClient, params.folder)),
  component: Folder,
});

function Folder() {
  const folder = folderOfRoute(Route.useParams().folder);
  return folder ? <MailFolderScreen folder={folder} /> : <EmptyState kind="nodata" tip="页面不存在" />;
}
