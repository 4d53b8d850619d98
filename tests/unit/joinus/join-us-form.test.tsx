import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '@/api/http';
import { toast } from '@/ui/feedback';
import { JoinUsPage } from '@/features/joinus/components/join-us-page';

// 招聘报名 on the form library: the contract's rules (contract/custom.ts, which joinUsBody enforces on the server)
// answer in the alert beside the button, in field order, and nothing is sent until they all pass.
const options = {
  positions: [{ label: '产品经理', value: 'pm' }],
  educations: [{ label: '硕士', value: 'master' }],
  resume: { maxSizeMb: 1, accept: '.pdf' },
};
let sent: InternalAxiosRequestConfig[] = [];

function renderPage() {
  sent = [];
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    if (config.method !== 'get') sent.push(config);
    const data = { code: 200, msg: '', data: config.method === 'get' ? options : null };
    return { status: 200, statusText: '200', data, headers: {}, config, request: {} };
  }) as AxiosAdapter;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <JoinUsPage />
    </QueryClientProvider>,
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交报名' }));
afterEach(() => toast.clear());

describe('招聘报名 form', () => {
  it('asks for each field in order with the contract’s words and sends nothing', async () => {
    renderPage();
    await screen.findByRole('heading', { name: '加入我们' });
    submit();
    await screen.findByText('请填写姓名', { selector: '.joinus-problem' });
    fireEvent.change(screen.getByPlaceholderText('请输入姓名'), { target: { value: '苏以宁' } });
    fireEvent.click(screen.getByLabelText('女'));
    fireEvent.change(screen.getByPlaceholderText('请输入11位手机号码'), { target: { value: '1356666777' } });
    submit();
    await screen.findByText('手机号码格式不正确', { selector: '.joinus-problem' });
    fireEvent.change(screen.getByPlaceholderText('请输入11位手机号码'), { target: { value: '13566667777' } });
    fireEvent.change(screen.getByPlaceholderText('请输入电子邮箱'), { target: { value: 'su@example' } });
    submit();
    await screen.findByText('电子邮箱格式不正确', { selector: '.joinus-problem' });
    fireEvent.change(screen.getByPlaceholderText('请输入电子邮箱'), { target: { value: 'su@example.com' } });
    submit();
    await screen.findByText('请选择应聘岗位', { selector: '.joinus-problem' });
    expect(sent).toHaveLength(0);
  });

  it('names the chosen resume and still asks for what is missing', async () => {
    renderPage();
    await screen.findByRole('heading', { name: '加入我们' });
    const big = new File([new Uint8Array(1024 * 1024 + 1)], '简历.pdf', { type: 'application/pdf' });
    fireEvent.change(document.getElementById('joinus-resume')!, { target: { files: [big] } });
    await screen.findByText(/简历\.pdf（/);
    fireEvent.change(screen.getByPlaceholderText('请输入姓名'), { target: { value: '苏以宁' } });
    submit();
    await screen.findByText('请选择性别', { selector: '.joinus-problem' });
    expect(sent).toHaveLength(0);
  });
});
