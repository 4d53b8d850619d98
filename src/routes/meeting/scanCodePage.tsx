import { createFileRoute } from '@tanstack/react-router';
import { optionalText, optionalUuid } from '@/lib/search-params';
import { ScanCodePage } from '@/features/meeting/components/scan-code-page';

export const Route = createFileRoute('/meeting/scanCodePage')({
  staticData: { title: '扫码签到', index: 3 },
  validateSearch: (search: Record<string, unknown>): { code?: string; meetingId?: string } => ({
    code: optionalText(search.code, 300),
    meetingId: optionalUuid(search.meetingId),
  }),
  component: Scan,
});

function Scan() {
  const { code, meetingId } = Route.useSearch();
  return <ScanCodePage code={code} meetingId={meetingId} />;
}
