import type { ReactNode } from 'react';
import './empty-state.css';

export type EmptyKind = 'nosearch' | 'nodata' | 'emptydata' | 'nomessage' | 'noperm' | 'offline' | 'error';

/** Spec §2 texts; offline and error are ours (a list that never loaded must say why it is empty). */
export const EMPTY_TEXT: Record<EmptyKind, string> = {
  nosearch: '暂无搜索结果',
  nodata: '暂无数据',
  emptydata: '数据为空',
  nomessage: '暂无消息',
  noperm: '暂无权限',
  offline: '离线，暂无缓存数据',
  error: '加载失败',
};

interface EmptyStateProps {
  kind?: EmptyKind;
  /** overrides the kind's text */
  tip?: string;
  onRetry?: () => void;
  /** a way on from here (e.g. a link back), shown under the text */
  action?: ReactNode;
}

export function EmptyState({ kind = 'emptydata', tip, onRetry, action }: EmptyStateProps) {
  return (
    <div className={`empty-state empty-state-${kind}`} role="status">
      <EmptyIllustration kind={kind} />
      <p className="empty-state-tip">{tip ?? EMPTY_TEXT[kind]}</p>
      {onRetry && (
        <button type="button" className="empty-state-retry" onClick={onRetry}>
          重试
        </button>
      )}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}

function EmptyIllustration({ kind }: { kind: EmptyKind }) {
  const stroke = kind === 'error' || kind === 'noperm' ? '#f5a3a3' : '#b8c6dc';
  return (
    <svg className="empty-state-art" viewBox="0 0 120 90" width="120" height="90" aria-hidden="true">
      <ellipse cx="60" cy="80" rx="44" ry="6" fill="#eef2f8" />
      <rect x="28" y="18" width="64" height="52" rx="6" fill="#f7f9fc" stroke={stroke} strokeWidth="2" />
      {kind === 'nosearch' ? (
        <g fill="none" stroke={stroke} strokeWidth="3" strokeLinecap="round">
          <circle cx="56" cy="42" r="11" />
          <path d="m64 50 9 9" />
        </g>
      ) : kind === 'offline' ? (
        <g fill="none" stroke={stroke} strokeWidth="3" strokeLinecap="round">
          <path d="M42 44a26 26 0 0 1 36 0M48 51a16 16 0 0 1 24 0" />
          <circle cx="60" cy="58" r="2" fill={stroke} />
          <path d="m40 30 40 34" />
        </g>
      ) : kind === 'noperm' ? (
        <g fill="none" stroke={stroke} strokeWidth="3" strokeLinecap="round">
          <rect x="49" y="42" width="22" height="16" rx="3" />
          <path d="M53 42v-5a7 7 0 0 1 14 0v5" />
        </g>
      ) : (
        <g stroke={stroke} strokeWidth="3" strokeLinecap="round">
          <path d="M40 34h40M40 44h30M40 54h20" />
        </g>
      )}
    </svg>
  );
}
