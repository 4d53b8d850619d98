import { describe, expect, it } from 'vitest';
import { durationText, percentText } from '@/features/follow/components/stats-format';

describe('审批统计 figures in words', () => {
  it('says durations as people do', () => {
    expect(durationText(null)).toBe('暂无');
    expect(durationText(0.2)).toBe('不到1分钟');
    expect(durationText(45.4)).toBe('45分钟');
    expect(durationText(90)).toBe('1.5小时');
    expect(durationText(120)).toBe('2小时');
    expect(durationText(3 * 24 * 60)).toBe('3天');
  });
  it('says rates as percentages', () => {
    expect(percentText(null)).toBe('暂无');
    expect(percentText(0.125)).toBe('12.5%');
    expect(percentText(1)).toBe('100%');
  });
});
