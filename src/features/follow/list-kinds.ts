import type { FlowListKind } from '@contract/flow';
import type { EmptyKind } from '@/components/empty-state';

export type DetailRoute = '/followWaitDetail' | '/followUnreadDetail' | '/followStartDetail' | '/followViewDetail';

export interface ListKindInfo {
  title: string;
  detail: DetailRoute;
  emptyTip: string;
  emptyKind: EmptyKind;
  /** what the row's time is (the list is sorted by it): FlowListRow.sortedAt */
  timeLabel: string;
}

/** How each list looks and which detail page a row opens. */
export const LIST_KINDS: Record<FlowListKind, ListKindInfo> = {
  todo: { title: '待办', detail: '/followWaitDetail', emptyTip: '暂无待办', emptyKind: 'nodata', timeLabel: '到达' },
  unread: {
    title: '待阅',
    detail: '/followUnreadDetail',
    emptyTip: '暂无待阅',
    emptyKind: 'nodata',
    timeLabel: '收到',
  },
  history: { title: '已办', detail: '/followViewDetail', emptyTip: '暂无已办', emptyKind: 'nodata', timeLabel: '处理' },
  read: { title: '已阅', detail: '/followViewDetail', emptyTip: '暂无已阅', emptyKind: 'nodata', timeLabel: '阅读' },
  transfer: {
    title: '已转办',
    detail: '/followViewDetail',
    emptyTip: '暂无转办记录',
    emptyKind: 'nodata',
    timeLabel: '转办',
  },
  back: {
    title: '我的退回',
    detail: '/followWaitDetail',
    emptyTip: '暂无退回',
    emptyKind: 'nodata',
    timeLabel: '提交',
  },
  mine: {
    title: '我发起的',
    detail: '/followStartDetail',
    emptyTip: '还没有发起过申请',
    emptyKind: 'nodata',
    timeLabel: '提交',
  },
  receive: { title: '收文', detail: '/followViewDetail', emptyTip: '暂无收文', emptyKind: 'nodata', timeLabel: '收到' },
  cc: { title: '抄送我', detail: '/followViewDetail', emptyTip: '暂无抄送', emptyKind: 'nodata', timeLabel: '收到' },
  search: {
    title: '查询结果',
    detail: '/followViewDetail',
    emptyTip: '暂无数据',
    emptyKind: 'nodata',
    timeLabel: '发起',
  },
};
