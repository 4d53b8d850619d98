import { createFileRoute } from '@tanstack/react-router';
import { MessageCentrePage } from '@/features/home/components/message-centre-page';

// no loader: the page's list loads (and offline reads its cache) by itself, and this file weighs on every first load
export const Route = createFileRoute('/message')({
  staticData: { title: '消息中心', index: 2 },
  component: MessageCentrePage,
});
