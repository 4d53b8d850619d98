import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DefinitionDetail, FormField } from '@contract/flow';
import { formProblem } from '@contract/flow-form-rules';
import { FlowForm, fieldOfProblem } from '@/components/form-renderer/flow-form';
import { fridayToMonday } from '../../e2e/support/pickers';

const mocks = vi.hoisted(() => ({
  navigate: vi.fn(),
  post: vi.fn(),
  get: vi.fn(),
  previewFile: vi.fn(),
  toastFail: vi.fn(),
  toastSuccess: vi.fn(),
}));
// the leave guard's blocker (src/components/drafts) is proven in the browser journeys: nothing to block here
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => mocks.navigate, useBlocker: () => undefined }));
// the writes are what these tests watch; the form's reads (the chain preview, a POST that changes nothing, and the
// person's 假期余额) answer as for a definition with no chain and no balances
vi.mock('@/api/http', () => ({
  post: (url: string, ...rest: unknown[]) =>
    url.endsWith('/chain') ? Promise.resolve({ steps: [] }) : mocks.post(url, ...rest),
  get: (url: string) => (url.includes('/leave-balances') ? Promise.resolve([]) : mocks.get(url)),
  upload: vi.fn(),
}));
vi.mock('@/components/file-preview/preview-store', () => ({ previewFile: mocks.previewFile }));
vi.mock('@/api/site-config', () => ({ useSiteConfig: () => undefined, mobileTipChannels: () => ['app'] }));
vi.mock('@/ui/feedback', () => ({
  toast: { fail: mocks.toastFail, success: mocks.toastSuccess, info: vi.fn() },
  dialog: { confirm: vi.fn(), alert: vi.fn() },
}));

const { StartFormPage } = await import('@/features/follow/components/start-form-page');
const { configureOutbox } = await import('@/offline/outbox-config');
const { httpSender } = await import('@/offline/http-sender');
// the Picker is a lazy chunk; loading it here keeps a cold transform out of the tests' time limit
await import('@/components/option-picker/antd-picker');

const leaveSchema: FormField[] = [
  {
    key: 'leaveType',
    label: '请假类型',
    type: 'select',
    required: true,
    options: [
      { label: '年假', value: 'annual' },
      { label: '事假', value: 'personal' },
    ],
  },
  { key: 'period', label: '请假时间', type: 'daterange', required: true },
  {
    key: 'days',
    label: '请假天数',
    type: 'number',
    required: true,
    min: 0.5,
    max: 365,
    computed: { kind: 'leaveDays', from: 'period' },
  },
  { key: 'reason', label: '请假事由', type: 'textarea', required: true, max: 10 },
  { key: 'note', label: '备注', type: 'text' },
];

describe('form rules (messages in Chinese, shared with the server)', () => {
  const valid = { leaveType: 'annual', period: ['2026-12-21', '2026-12-22'], days: 2, reason: '体检' };

  it('a complete form passes; optional fields may stay empty', () => {
    expect(formProblem(leaveSchema, valid)).toBeNull();
  });

  it('names the first missing required field', () => {
    expect(formProblem(leaveSchema, {})).toBe('请填写请假类型');
    expect(formProblem(leaveSchema, { ...valid, reason: '' })).toBe('请填写请假事由');
    expect(formProblem(leaveSchema, { ...valid, period: [] })).toBe('请填写请假时间');
  });

  it('checks bounds, lengths, options and date order', () => {
    expect(formProblem(leaveSchema, { ...valid, days: 0 })).toBe('请假天数不能小于0.5');
    expect(formProblem(leaveSchema, { ...valid, days: 400 })).toBe('请假天数不能大于365');
    expect(formProblem(leaveSchema, { ...valid, reason: '一二三四五六七八九十十一' })).toBe('请假事由不能超过10字');
    expect(formProblem(leaveSchema, { ...valid, leaveType: 'sabbatical' })).toBe('请假类型选项无效');
    expect(formProblem(leaveSchema, { ...valid, period: ['2026-12-22', '2026-12-21'] })).toBe(
      '请假时间结束日期不能早于开始日期',
    );
    expect(formProblem([{ key: 'amount', label: '报销金额', type: 'money', required: true }], { amount: 1.005 })).toBe(
      '报销金额最多两位小数',
    );
  });

  it('the field a message names is the one highlighted', () => {
    expect(fieldOfProblem(leaveSchema, '请填写请假天数')).toBe('days');
    expect(fieldOfProblem(leaveSchema, null)).toBeNull();
  });
});

describe('FlowForm (generated from the schema)', () => {
  it('editable fields become labelled controls; the rest read as text', () => {
    const onChange = vi.fn();
    render(
      <FlowForm
        schema={leaveSchema}
        values={{ leaveType: 'annual', days: 2, period: ['2026-12-21', '2026-12-22'] }}
        editable={['days', 'reason']}
        onChange={onChange}
      />,
    );
    expect(screen.getByText('年假')).toBeTruthy();
    expect(screen.getByText('2026-12-21 至 2026-12-22')).toBeTruthy();
    expect(screen.queryByLabelText('请假类型')).toBeNull();
    fireEvent.change(screen.getByLabelText('请假天数'), { target: { value: '3.5' } });
    expect(onChange).toHaveBeenCalledWith('days', 3.5);
    fireEvent.change(screen.getByLabelText('请假事由'), { target: { value: '看病' } });
    expect(onChange).toHaveBeenCalledWith('reason', '看病');
    // required marks only where the user can fill something in (days and reason)
    expect(screen.getAllByLabelText('必填')).toHaveLength(2);
  });

  it('read-only attachments open the preview by their storage key, with the other files of the field to swipe through', () => {
    const schema: FormField[] = [{ key: 'invoices', label: '票据附件', type: 'attachment' }];
    render(
      <FlowForm
        schema={schema}
        values={{ invoices: [{ fileName: 'k1', attachName: '发票.pdf', size: 1, mime: 'application/pdf' }] }}
        editable={[]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '发票.pdf' }));
    expect(mocks.previewFile).toHaveBeenCalledWith({
      fileName: 'k1',
      name: '发票.pdf',
      group: [{ fileName: 'k1', name: '发票.pdf' }],
    });
  });

  it('without onChange everything is read only', () => {
    render(<FlowForm schema={leaveSchema} values={{}} editable={['days']} />);
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getAllByText('—')).toHaveLength(leaveSchema.length);
  });
});

/** The days the browser journeys pick, and the month they fall in (the calendar offers months from today on). */
function fridayToMondayNextMonth() {
  const now = new Date();
  return {
    ...fridayToMonday(),
    month: `${now.getMonth() === 11 ? now.getFullYear() + 1 : now.getFullYear()}-${((now.getMonth() + 1) % 12) + 1}`,
  };
}

/** Opens a select field's Picker, taps the option and confirms. */
async function pickOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('button', { name: label }));
  fireEvent.click(
    await screen.findByText(option, { selector: '.adm-picker-view-column-item-label' }, { timeout: 5000 }),
  );
  fireEvent.click(screen.getByText('确定', { selector: '.adm-picker-header-button' }));
}

/** Opens a date range field's CalendarPicker, taps the first and last day of `month` (YYYY-MM) and confirms. */
function pickRange(label: string, month: string, from: string, to: string) {
  fireEvent.click(screen.getByRole('button', { name: label }));
  const day = (d: string) =>
    [...document.querySelectorAll(`[data-year-month="${month}"] .adm-calendar-picker-view-cell-date`)].find(
      (c) => c.textContent === d,
    )!;
  fireEvent.click(day(from));
  fireEvent.click(day(to));
  fireEvent.click(screen.getByText('确定', { selector: '.adm-calendar-picker-footer *' }));
}

function renderStart(definition: DefinitionDetail, prefill?: Record<string, unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['flow', 'definition', definition.id], definition);
  // 提交 goes through the outbox, online here: sent at once through the (mocked) HTTP client
  configureOutbox({ send: httpSender, getUserKey: () => 'zhangsan', isOnline: () => true, queryClient: client });
  return render(
    <QueryClientProvider client={client}>
      <StartFormPage definitionId={definition.id} prefill={prefill} />
    </QueryClientProvider>,
  );
}

const leave: DefinitionDetail = {
  id: 'd1',
  code: 'leave',
  category: '人事',
  name: '请假',
  icon: 'leave',
  version: 1,
  isDocument: false,
  formSchema: leaveSchema,
  firstNodeChosen: false,
};

describe('starting a flow', () => {
  beforeEach(() => {
    mocks.post.mockReset().mockResolvedValue({ id: 'i1', serial: 'QJ001', status: 'running' });
    mocks.get.mockReset().mockResolvedValue(undefined);
    mocks.navigate.mockReset();
    mocks.toastFail.mockReset();
  });

  it('submitting an incomplete form says what is missing and sends nothing', async () => {
    renderStart(leave);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(mocks.toastFail).toHaveBeenCalledWith('请填写请假类型');
    expect(mocks.post).not.toHaveBeenCalled();
  });

  it('a filled-in form is sent with its values and opens the started flow', async () => {
    const { friday, monday, month } = fridayToMondayNextMonth();
    const { container } = renderStart(leave);
    // choices and dates are antd-mobile bottom sheets, never native select or date boxes
    expect(container.querySelector('select, input[type="date"]')).toBeNull();
    await pickOption('请假类型', '年假');
    // a Friday to the Monday after: 请假天数 fills in with the 2 working days
    pickRange('请假时间', month, String(Number(friday.slice(8))), String(Number(monday.slice(8))));
    expect((screen.getByLabelText('请假天数') as HTMLInputElement).value).toBe('2');
    expect(screen.getByRole('button', { name: '请假时间' }).textContent).toBe(`${friday} 至 ${monday}`);
    fireEvent.change(screen.getByLabelText('请假事由'), { target: { value: '体检' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(mocks.navigate).toHaveBeenCalled());
    const [url, body, config] = mocks.post.mock.calls[0]!;
    expect(url).toBe('/api/flow/instances');
    expect(body).toMatchObject({
      definitionId: 'd1',
      draft: false,
      formData: { leaveType: 'annual', period: [friday, monday], days: 2, reason: '体检' },
    });
    expect(config.idempotencyKey).toBeTruthy();
    expect(mocks.navigate.mock.calls[0]![0]).toMatchObject({ to: '/followStartDetail', search: { instanceId: 'i1' } });
    // jsdom lays out the calendar's months slowly; a browser does it at once (tests/e2e/flow-cosign-journey.test.ts)
  }, 30_000);

  it('a link from the AI助手 opens the form filled in; the user completes and submits it, unknown keys are dropped', async () => {
    renderStart(leave, { period: ['2026-11-24', '2026-11-25'], days: 2, reason: '体检', salary: 999 });
    expect(screen.getByRole('button', { name: '请假时间' }).textContent).toBe('2026-11-24 至 2026-11-25');
    expect((screen.getByLabelText('请假天数') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText('请假事由') as HTMLTextAreaElement).value).toBe('体检');
    expect(mocks.post).not.toHaveBeenCalled();
    await pickOption('请假类型', '年假');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(mocks.post).toHaveBeenCalled());
    expect(mocks.post.mock.calls[0]![1].formData).toEqual({
      leaveType: 'annual',
      period: ['2026-11-24', '2026-11-25'],
      days: 2,
      reason: '体检',
    });
  });

  it('a draft is saved without validation', async () => {
    renderStart(leave);
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(mocks.post).toHaveBeenCalled());
    expect(mocks.post.mock.calls[0]![1]).toMatchObject({ draft: true });
    expect(mocks.toastFail).not.toHaveBeenCalled();
  });

  it('the first autosave keeps the form on screen and keeps what was typed while it was saving', async () => {
    // what the saved draft holds when read back: the text as it was when the autosave left
    mocks.get.mockResolvedValue({ id: 'i1', status: 'draft', formData: { reason: '体检' } });
    renderStart(leave);
    fireEvent.change(screen.getByLabelText('请假事由'), { target: { value: '体检' } });
    await waitFor(() => expect(mocks.post).toHaveBeenCalled(), { timeout: 8_000 });
    expect(mocks.post.mock.calls[0]![1]).toMatchObject({ draft: true, formData: { reason: '体检' } });
    fireEvent.change(screen.getByLabelText('请假事由'), { target: { value: '体检复查' } });
    // a turn for the saved draft's id to land and for anything it would load
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('加载中...')).toBeNull();
    expect((screen.getByLabelText('请假事由') as HTMLTextAreaElement).value).toBe('体检复查');
  }, 15_000);

  it('when the first node asks for a chosen handler, submitting without one is refused', () => {
    renderStart({ ...leave, formSchema: [leaveSchema[4]!], firstNodeChosen: true });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(mocks.toastFail).toHaveBeenCalledWith('请选择审批人');
    expect(mocks.post).not.toHaveBeenCalled();
  });
});
