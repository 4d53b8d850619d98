import { lazy, Suspense, useEffect, useState } from 'react';
import { hasPushRecord } from '@/lib/push-subscription-record';

const PushDroppedBanner = lazy(() => import('./push-dropped-banner'));

/**
 * Only a device that turned push on keeps a subscription record, and only such a device can have lost its push: the
 * banner's code and its question to the server come just then, so the first load of everyone else carries neither.
 */
export function PushDroppedCheck() {
  const [pushedHere, setPushedHere] = useState(false);
  useEffect(() => void hasPushRecord(location.origin).then(setPushedHere), []);
  return (
    pushedHere && (
      <Suspense>
        <PushDroppedBanner />
      </Suspense>
    )
  );
}
