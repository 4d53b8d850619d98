import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { SiteConfig } from '@contract/upms';
import { http } from '@/api/http';
import { toast } from '@/ui/feedback';
import { AddMeetingPage } from '@/features/meeting/components/add-meeting-page';

// 会议 booking on the form library: the contract's rules (contract/meeting.ts, which meetingBody enforces) are asked in
// the order the page always asked them, each as a toast, and nothing is sent until they pass.
let writes: InternalAxiosRequestConfig[] = [];

function renderPage() {
  writes = [];
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    if (config.method !== 'get') writes.push(config);
    return { status: 200, statusText: '200', data: { code: 200, msg: '', data: [] }, headers: {}, config, request: {} };
  }) as AxiosAdapter;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app' } } as SiteConfig);
  const root = createRootRoute();
  const add = createRoute({
    getParentRoute: () => root,
    path: '/meeting/addMeeting',
    component: () => <AddMeetingPage />,
  });
  const router = createRouter({
    routeTree: root.addChildren([add]),
    history: createMemoryHistory({ initialEntries: ['/meeting/addMeeting'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const book = () => fireEvent.click(screen.getByRole('button', { name: '预订会议' }));
const toastSays = (text: string) => screen.findByText(text, { selector: '.adm-toast-main *' });

afterEach(() => toast.clear());

describe('会议 booking form', () => {
  it('asks for the subject, then a room or link, then the invitees', async () => {
    renderPage();
    await screen.findByPlaceholderText('请输入会议主题');
    book();
    await toastSays('请输入会议主题');
    fireEvent.change(screen.getByPlaceholderText('请输入会议主题'), { target: { value: '周例会' } });
    book();
    await toastSays('请选择会议室或填写线上会议链接');
    fireEvent.change(screen.getByPlaceholderText('https://'), { target: { value: 'https://meet.example.com/1' } });
    book();
    await toastSays('请选择参会人员');
    expect(writes).toHaveLength(0);
  });
});
