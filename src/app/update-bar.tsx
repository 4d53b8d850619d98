import { useState } from 'react';
import './update-prompt.css';

/** 发现新版本 with a 刷新 button (shown while a new service worker waits). */
export default function UpdateBar() {
  const [applying, setApplying] = useState(false);
  return (
    <div className="update-prompt" role="alert">
      <span>发现新版本</span>
      <button
        type="button"
        className="update-prompt-button"
        disabled={applying}
        onClick={() => {
          setApplying(true);
          // the old build's worker still serves the old build's pieces; if even that fails, a reload gets the new one
          void import('@/platform/sw-update')
            .then(({ applyUpdate }) => applyUpdate())
            .catch(() => window.location.reload());
        }}
      >
        刷新
      </button>
    </div>
  );
}
