/** Minutes as people say them: 不到1分钟, 45分钟, 3.5小时, 2.1天; 暂无 without a figure. */
export function durationText(minutes: number | null): string {
  if (minutes === null) return '暂无';
  if (minutes < 1) return '不到1分钟';
  if (minutes < 60) return `${Math.round(minutes)}分钟`;
  if (minutes < 24 * 60) return `${(minutes / 60).toFixed(1).replace(/\.0$/, '')}小时`;
  return `${(minutes / 60 / 24).toFixed(1).replace(/\.0$/, '')}天`;
}

/** 0.125 → 12.5%; 暂无 without a figure. */
export function percentText(rate: number | null): string {
  if (rate === null) return '暂无';
  return `${(rate * 100).toFixed(1).replace(/\.0$/, '')}%`;
}
