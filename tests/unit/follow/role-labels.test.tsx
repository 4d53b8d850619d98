import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUserData } from '@contract/auth';
import { ROLE_TEXT } from '@contract/role-labels';
import { userStore } from '@/session/user-store';
import { MyCenterPage } from '@/features/my/components/my-center-page';
import { demoRoles } from '../../../server/db/seed/org-data';

// Issue 10 §12: 我的 showed 角色：staff、dept_manager.
describe('roles are shown by their Chinese names', () => {
  it('我的 lists 李四’s roles in Chinese, never their codes', async () => {
    const user = {
      userVo: { id: 'u', username: 'lisi', realName: '李四', avatar: null, mobile: null, email: null },
      orgFullName: '行政办公室',
      roles: ['staff', 'dept_manager', 'news_editor'],
      permissions: [],
    };
    userStore.set({ user: user as unknown as CurrentUserData, roles: user.roles, permissions: [] });
    const root = createRootRoute({ component: MyCenterPage });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('角色：普通员工、部门经理、资讯编辑')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/staff|dept_manager|news_editor/);
  });

  it('every seeded role has its label', () => {
    for (const role of demoRoles) expect(ROLE_TEXT[role.code]).toBe(role.name);
  });
});
