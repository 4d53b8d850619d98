import { createFileRoute } from '@tanstack/react-router';
import { MailFolderScreen } from '@/features/pad/components/mail-folder-screen';

// spec §2 names this folder's route; /email/$folder serves the same page for links built from a folder name
export const Route = createFileRoute('/email/outbox')({
  staticData: { title: '邮件', index: 1 },
  loader: ({ context }) =>
    import('@/features/mail/api/loaders').then((m) => m.loadMailFolder(context.queryClient, 'sent')),
  component: Outbox,
});

function Outbox() {
  return <MailFolderScreen folder="sent" />;
}
