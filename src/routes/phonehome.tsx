import { createFileRoute } from '@tanstack/react-router';
import { PhoneHomePage } from '@/features/home/components/phone-home-page';
import { homeEntries } from '@/modules';

export const Route = createFileRoute('/phonehome')({
  staticData: { title: '首页', index: 1, home: true },
  component: () => <PhoneHomePage entries={homeEntries} />,
});
