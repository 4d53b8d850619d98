import { platformConfig } from '@/platform/platform-config';

/** A file the in-app viewer cannot show, for the container's own viewer. */
export interface ContainerFile {
  /** absolute address the container can fetch */
  url: string;
  name: string;
  size?: number;
}

/** What the WeCom or DingTalk container does for the app through its vendor's JS-SDK. */
export interface HostContainer {
  /** the container's scanner; resolves to the code's text, or null when the person cancelled */
  scan(): Promise<string | null>;
  /** opens a file in the container's viewer */
  previewFile(file: ContainerFile): Promise<void>;
  /** the container's title bar (WeCom shows document.title itself) */
  setTitle(title: string): Promise<void>;
}

let loading: Promise<HostContainer> | null = null;

/** True inside WeCom or DingTalk (by user agent: `wxwork/`, `DingTalk`). */
export const inHostContainer = () => platformConfig.hostApp === 'wecom' || platformConfig.hostApp === 'dingtalk';

/**
 * The container inside WeCom or DingTalk, null elsewhere. Its vendor's JS-SDK is a chunk of its own, fetched on the
 * first call inside that app only: a browser never loads either SDK.
 */
export function hostContainer(): Promise<HostContainer> | null {
  if (!inHostContainer()) return null;
  loading ??=
    platformConfig.hostApp === 'wecom'
      ? import('./wecom-container').then((m) => m.startWecomContainer())
      : import('./dingtalk-container').then((m) => m.startDingTalkContainer());
  // a failed start (no network, SDK refused) is tried again on the next use
  loading.catch(() => (loading = null));
  return loading;
}
