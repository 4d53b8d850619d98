import type { ReactNode } from 'react';
import { Outlet } from '@tanstack/react-router';
import './pad-layout.css';

/**
 * The box a tablet screen fills: the whole content area beside the shell's rail (PadShell), scrolling on its own.
 * The /pad… layout routes put their children in it; a phone route's tablet screen wraps itself in it.
 */
export function PadSection({ children }: { children?: ReactNode }) {
  return (
    <div className="pad-layout">
      <div className="pad-content">{children ?? <Outlet />}</div>
    </div>
  );
}
