import { createFileRoute } from '@tanstack/react-router';
import { JoinUsPage } from '@/features/joinus/components/join-us-page';

export const Route = createFileRoute('/joinus/index')({
  staticData: { title: '招聘报名', index: 1 },
  component: JoinUsPage,
});
