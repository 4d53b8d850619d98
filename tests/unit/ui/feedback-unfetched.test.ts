import { afterEach, describe, expect, it, vi } from 'vitest';

// The toast and dialog code is a chunk of its own; here it cannot be fetched while `network.down` (as offline before
// the service worker had cached the build), then can.
const network = vi.hoisted(() => ({ down: true }));
const antd = vi.hoisted(() => ({ show: vi.fn(), confirm: vi.fn(async () => true) }));
vi.mock('@/ui/antd-feedback', () => {
  if (network.down) throw new Error('ChunkLoadError: Loading chunk failed.');
  return { Toast: { show: antd.show, clear: vi.fn() }, Dialog: { confirm: antd.confirm, alert: vi.fn() } };
});

const { toast, dialog } = await import('@/ui/feedback');

const plainToasts = () => [...document.querySelectorAll('.plain-toast')].map((el) => el.textContent);

afterEach(() => document.querySelectorAll('.plain-toast').forEach((el) => el.remove()));

describe('toasts and dialogs whose code cannot be fetched', () => {
  it('still say what they say, do not confirm, and use antd-mobile once its code arrives', async () => {
    toast.fail('请输入常用意见');
    await vi.waitFor(() => expect(plainToasts()).toEqual(['请输入常用意见']));
    expect(document.querySelector('.plain-toast')?.getAttribute('role')).toBe('status');

    await expect(dialog.confirm({ content: '确定删除该对话吗？' })).resolves.toBe(false);
    expect(plainToasts()).toContain('网络不可用，请检查网络连接');
    expect(antd.confirm).not.toHaveBeenCalled();

    network.down = false;
    toast.success('已保存');
    await vi.waitFor(() => expect(antd.show).toHaveBeenCalledWith(expect.objectContaining({ content: '已保存' })));
    await expect(dialog.confirm({ content: '确定删除该对话吗？' })).resolves.toBe(true);
    expect(plainToasts()).not.toContain('已保存');
  });
});
