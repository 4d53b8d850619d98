import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { onSessionEvent } from '@/lib/session-events';
import { logout } from '@/session/logout';

/** The http layer only reports an expired or forced-out session; leaving the page is the shell's job. */
export function useSessionEventNavigation() {
  const router = useRouter();
  useEffect(() => {
    const leave = async () => {
      await logout();
      await router.navigate({ to: '/', replace: true });
    };
    const offExpired = onSessionEvent('expired', leave);
    const offForced = onSessionEvent('force-logout', leave);
    return () => {
      offExpired();
      offForced();
    };
  }, [router]);
}
