import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CurrentUserData } from '@contract/auth';
import { ROLE_TEXT } from '@contract/role-labels';
import { userStore } from '@/session/user-store';
import { MyCenterPage } from '@/features/my/components/my-center-page';
import { demoRoles } from '../../../server/db/seed/org-data';
import { renderPages, testQueryClient } from '../support/render-pages';

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
    // the roles come from the session; what 我的 would fetch (preferences, the user afresh) is not asked for here
    renderPages({ '/': MyCenterPage }, { at: '/', queryClient: testQueryClient({ queries: { enabled: false } }) });
    expect(await screen.findByText('角色：普通员工、部门经理、资讯编辑')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/staff|dept_manager|news_editor/);
  });

  it('every seeded role has its label', () => {
    for (const role of demoRoles) expect(ROLE_TEXT[role.code]).toBe(role.name);
  });
});
