import { createFileRoute } from '@tanstack/react-router';
import { requiredUuid } from '@/lib/search-params';
import { SignInPage } from '@/features/meeting/components/sign-in-page';

export const Route = createFileRoute('/meeting/signIn')({
  staticData: { title: '会议签到', index: 3 },
  validateSearch: (search: Record<string, unknown>) => ({ id: requiredUuid(search.id, 'id') }),
  component: SignIn,
});

function SignIn() {
  const { id } = Route.useSearch();
  return <SignInPage id={id} />;
}
