import { useEffect } from 'react';
import { onSessionEvent } from '@/lib/session-events';

/** The http layer only reports an expired or forced-out session; leaving the page is the shell's job. */
export function useSessionEventNavigation() {
  useEffect(() => {
    // the login screen is a document of its own: signing out ends in a full load of it (the sign-out code is fetched
    // then, not with the shell)
    const leave = () => import('@/session/logout').then(({ signOut }) => signOut());
    const offExpired = onSessionEvent('expired', leave);
    const offForced = onSessionEvent('force-logout', leave);
    return () => {
      offExpired();
      offForced();
    };
  }, []);
}
