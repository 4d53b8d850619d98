import type { ErrorComponentProps } from '@tanstack/react-router';
import { isStalePieceError, reloadOnceForStalePiece } from './chunk-reload';
import './route-error.css';

/** Never a blank page: a piece that failed to load, or a page that threw, gets a screen with a way forward. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const pieceFailed = isStalePieceError(error);
  if (pieceFailed && reloadOnceForStalePiece()) return null;
  const message = pieceFailed
    ? navigator.onLine
      ? '页面资源加载失败，可能是网络不稳定或应用已更新'
      : '当前处于离线状态，该页面尚未缓存'
    : '页面出错了';
  return (
    <div className="route-error" role="alert">
      <p className="route-error-title">{message}</p>
      {!pieceFailed && error instanceof Error && <p className="route-error-detail">{error.message}</p>}
      <div className="route-error-actions">
        <button
          type="button"
          className="route-error-retry"
          onClick={() => (pieceFailed ? window.location.reload() : reset())}
        >
          重试
        </button>
        <a className="route-error-home" href="/">
          返回首页
        </a>
      </div>
    </div>
  );
}
