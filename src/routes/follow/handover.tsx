import { createFileRoute } from '@tanstack/react-router';
import { HandoverPage } from '@/features/follow/components/handover-page';
import { unattendedQueryOptions } from '@/features/follow/api/handover';

const quiet = () => undefined;

export const Route = createFileRoute('/follow/handover')({
  staticData: { title: '人员交接', index: 2 },
  // a refusal (not an administrator) or no network is the page's to show, never the error route
  loader: ({ context }) => context.queryClient.ensureQueryData(unattendedQueryOptions()).then(quiet, quiet),
  component: HandoverPage,
});
