import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { onSessionEvent } from '@/lib/session-events';
import { followPasswordGate } from '@/session/password-gate';

/** The http layer only reports an expired or forced-out session; leaving the page is the shell's job. */
export function useSessionEventNavigation() {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    // the login screen is a document of its own: signing out ends in a full load of it (the sign-out code is fetched
    // then, not with the shell)
    const leave = (redirect?: string) => import('@/session/logout').then(({ signOut }) => signOut(redirect));
    const offExpired = onSessionEvent('expired', () => leave(window.location.pathname + window.location.search));
    const offForced = onSessionEvent('force-logout', () => leave());
    const offPassword = onSessionEvent('password-change-required', () =>
      followPasswordGate(queryClient, (to) => {
        if (router.state.location.pathname !== to) void router.navigate({ to, replace: true });
      }),
    );
    return () => {
      offExpired();
      offForced();
      offPassword();
    };
  }, [queryClient, router]);
}
