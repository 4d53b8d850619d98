import { createFileRoute, redirect } from '@tanstack/react-router';

/** /customModule opens its default child, the menu. */
export const Route = createFileRoute('/customModule/')({
  staticData: { title: '业务建模', index: 1 },
  beforeLoad: () => {
    throw redirect({ to: '/customModule/menu', replace: true });
  },
});
