import type { ReactNode } from 'react';

// 24×24 glyphs, drawn in the button's colour
const ICONS = {
  reply: 'M10 9V5l-7 7 7 7v-4.1c5 0 8.5 1.6 11 5.1-1-5-4-10-11-11z',
  replyAll: 'M7 8V5l-7 7 7 7v-3l-4-4 4-4zm6 1V5l-7 7 7 7v-4.1c5 0 8.5 1.6 11 5.1-1-5-4-10-11-11z',
  forward: 'M14 9V5l7 7-7 7v-4.1c-5 0-8.5 1.6-11 5.1 1-5 4-10 11-11z',
  star: 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z',
  delete: 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z',
  restore:
    'M13 3a9 9 0 0 0-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42A8.95 8.95 0 0 0 13 21a9 9 0 0 0 0-18z',
} as const;

export interface MailBarAction {
  key: string;
  label: string;
  icon: keyof typeof ICONS;
  onClick: () => void;
  tone?: 'primary' | 'danger' | 'on';
}

/**
 * The detail's actions as a bar at the foot of the screen: one row of equal buttons, an icon over a short label, each
 * at least 48 px tall, so five fit a 360 px phone (in the tablet's pane it stays at the pane's foot).
 */
export function MailActionBar({ actions, children }: { actions: MailBarAction[]; children?: ReactNode }) {
  return (
    <div className="mail-bar" role="toolbar" aria-label="邮件操作">
      {actions.map((a) => (
        <button
          key={a.key}
          type="button"
          className={a.tone ? `mail-bar-button mail-bar-${a.tone}` : 'mail-bar-button'}
          onClick={a.onClick}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d={ICONS[a.icon]} fill="currentColor" />
          </svg>
          <span>{a.label}</span>
        </button>
      ))}
      {children}
    </div>
  );
}
