import './plain-toast.css';

/**
 * A toast without antd-mobile, for when its code cannot be fetched (the network went before the service worker had
 * cached the build): what a toast says still reaches the user.
 */
export function plainToast(content: string, durationMs: number): void {
  const box = document.createElement('div');
  box.className = 'plain-toast';
  box.role = 'status';
  box.textContent = content;
  document.body.append(box);
  setTimeout(() => box.remove(), durationMs);
}
