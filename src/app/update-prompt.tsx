import { lazy, Suspense } from 'react';
import { useStore } from '@/lib/store';
import { swUpdateStore } from '@/platform/register-sw';

// the bar's code comes when a new version waits, not with every first load
const UpdateBar = lazy(() => import('./update-bar'));

/** 发现新版本 with a 刷新 button while a new service worker waits. */
export function UpdatePrompt() {
  const waiting = useStore(swUpdateStore);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBar />
    </Suspense>
  );
}
