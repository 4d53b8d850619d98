import { createFileRoute, redirect } from '@tanstack/react-router';
import { isPadUserAgent } from '@/platform/user-agent';

export const Route = createFileRoute('/')({
  staticData: { title: '协同办公系统', index: 0 },
  beforeLoad: () => {
    throw redirect({ to: isPadUserAgent(navigator.userAgent) ? '/padhome' : '/phonehome', replace: true });
  },
});
