import { EmptyState } from '@/components/empty-state';

/**
 * Reachable without login (spec §4). The sign-up form arrives with the recruitment module; until then the page
 * says so plainly instead of pretending to accept applications.
 */
export function JoinUsPage() {
  return (
    <div style={{ padding: 24 }}>
      <EmptyState kind="nodata" tip="招聘报名将在招聘模块上线后开放，敬请关注" />
    </div>
  );
}
