import { afterEach, describe, expect, it } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { MeetingDetail, MeetingListRow } from '@contract/meeting';
import { http } from '@/api/http';
import type { SyncFile } from '@/lib/sync-ahead-source';
import { keptPreviewAddress } from '@/components/file-preview/kept-preview-address';
import meetingSteps, { MATERIAL_FILE_CAP_BYTES } from '@/features/meeting/sync-ahead';
import { testQueryClient } from '../support/render-pages';

// Issue 45 §1: this week's meetings are kept with their materials, so /meeting/information opens them on the train.
const row: MeetingListRow = {
  id: '44444444-4444-4444-8444-444444444444',
  subject: '年度预算评审会',
  startAt: '2026-12-02T02:00:00Z',
  endAt: '2026-12-02T03:00:00Z',
  roomName: '一号会议室',
  onlineLink: null,
  organizerName: '张三',
  status: 'upcoming',
  myResponse: 'accepted',
  organizer: false,
};
const material = (id: string, fileName: string, size: number) => ({ id, fileName, size, mimeType: 'application/pdf' });
const detail: MeetingDetail = {
  ...row,
  agenda: '预算',
  roomId: null,
  hostDeptId: null,
  hostDeptName: null,
  organizerId: 'u-zhang',
  participants: [],
  materials: [
    material('f-budget', '预算草案.pdf', 200_000),
    material('f-slides', '汇报.pptx', 3_000_000),
    material('f-video', '宣传片.mp4', MATERIAL_FILE_CAP_BYTES + 1),
  ],
  minutes: null,
  channels: [],
  approvalInstanceId: null,
  abilities: { edit: false, cancel: false, respond: false, minutes: false, signInQr: false, signIn: false },
  version: 1,
};

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

describe('离线同步 of 会议', () => {
  it('keeps the open meetings’ materials under the previewer’s addresses, leaving files over the cap', async () => {
    const envelope = (config: InternalAxiosRequestConfig, data: unknown) => ({
      status: 200,
      statusText: '200',
      data: { code: 200, msg: '', data },
      headers: {},
      config,
    });
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/meeting/list/upcoming') return envelope(config, { rows: [row], total: 1 });
      if (config.url?.startsWith('/api/meeting/list/')) return envelope(config, { rows: [], total: 0 });
      if (config.url === `/api/meeting/${row.id}`) return envelope(config, detail);
      throw new Error(`unexpected ${config.url}`);
    }) as AxiosAdapter;
    const files: (SyncFile & { group: string })[] = [];
    const counted: [string, number][] = [];
    for (const step of meetingSteps)
      await step.run({
        queryClient: testQueryClient(),
        kept: (group, items) => counted.push([group, items]),
        keepFiles: (group, wanted) => files.push(...wanted.map((file) => ({ ...file, group }))),
        signal: new AbortController().signal,
      });
    expect(counted).toEqual([['会议', 1]]);
    const at = Date.parse(row.startAt);
    expect(files).toEqual([
      {
        group: '会议',
        address: keptPreviewAddress({ fileName: 'f-budget', attachName: '预算草案.pdf' }),
        at,
        size: 200_000,
      },
      {
        group: '会议',
        address: keptPreviewAddress({ fileName: 'f-slides', attachName: '汇报.pptx' }),
        at,
        size: 3_000_000,
      },
    ]);
    // a slide deck is kept as the server's PDF of it, which is what the previewer opens
    expect(files[1]!.address).not.toEqual(files[0]!.address.replace('f-budget', 'f-slides'));
  });
});
