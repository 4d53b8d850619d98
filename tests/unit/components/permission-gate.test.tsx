import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PermissionGate, RoleGate } from '@/components/permission-gate';
import { userStore } from '@/session/user-store';

afterEach(() => userStore.set({ user: null, roles: [], permissions: [] }));

describe('permission and role gates (spec §6)', () => {
  it('removes an element unless a listed permission or *:*:* is held', () => {
    userStore.set({ user: null, roles: ['staff'], permissions: ['flow:task:start'] });
    const { rerender } = render(<PermissionGate value="flow:task:start">发起</PermissionGate>);
    expect(screen.queryByText('发起')).not.toBeNull();
    rerender(<PermissionGate value={['news:article:edit']}>编辑</PermissionGate>);
    expect(screen.queryByText('编辑')).toBeNull();
    userStore.set({ user: null, roles: ['staff'], permissions: ['*:*:*'] });
    rerender(<PermissionGate value={['news:article:edit']}>编辑</PermissionGate>);
    expect(screen.queryByText('编辑')).not.toBeNull();
  });

  it('removes an element unless a listed role or admin is held', () => {
    userStore.set({ user: null, roles: ['dept_manager'], permissions: [] });
    const { rerender } = render(<RoleGate value="dept_manager">审批设置</RoleGate>);
    expect(screen.queryByText('审批设置')).not.toBeNull();
    rerender(<RoleGate value="hr_specialist">招聘</RoleGate>);
    expect(screen.queryByText('招聘')).toBeNull();
    userStore.set({ user: null, roles: ['admin'], permissions: [] });
    rerender(<RoleGate value="hr_specialist">招聘</RoleGate>);
    expect(screen.queryByText('招聘')).not.toBeNull();
  });

  it('refuses a role gate without roles', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<RoleGate value={[]}>x</RoleGate>)).toThrow('请设置角色权限标签值');
    quiet.mockRestore();
  });
});
