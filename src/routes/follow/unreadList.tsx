import { createFileRoute } from '@tanstack/react-router';
import { FlowListScreen } from '@/features/pad/components/flow-screens';
import { loadFlowScreen } from '@/features/pad/api/flow-screen-loader';

// a tablet shows the chosen flow beside the list: the selection is in the address, read by FlowListScreen
export const Route = createFileRoute('/follow/unreadList')({
  staticData: { title: '待阅', index: 2 },
  // the list only: a chosen flow loads in its pane (a loader keyed on it would weigh on every page's first load)
  loader: ({ context, location }) => loadFlowScreen(context.queryClient, location.pathname, 'unread'),
  component: FlowList,
});

function FlowList() {
  return <FlowListScreen kind="unread" />;
}
