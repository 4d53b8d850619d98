import { describe, expect, it, vi } from 'vitest';
import type { FeatureBundle } from 'framer-motion';
import { createMotionFeatures } from '@/app/motion-features';

const bundle = { renderer: () => null } as unknown as FeatureBundle;
const touch = () => window.dispatchEvent(new Event('pointerdown'));

describe('page transition features', () => {
  it('are not fetched before the first touch, and once it comes they arrive', async () => {
    const importBundle = vi.fn(() => Promise.resolve(bundle));
    const features = createMotionFeatures(importBundle)();
    await Promise.resolve();
    expect(importBundle).not.toHaveBeenCalled();
    touch();
    await expect(features).resolves.toBe(bundle);
    expect(importBundle).toHaveBeenCalledTimes(1);
  });

  it('a fetch cut off (offline, or a reload onto a new build) raises no error: the next touch asks again', async () => {
    const importBundle = vi
      .fn<() => Promise<FeatureBundle>>()
      .mockRejectedValueOnce(new Error('Loading chunk 9 failed.'))
      .mockResolvedValue(bundle);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const features = createMotionFeatures(importBundle)();
    let settled = false;
    void features.then(() => (settled = true));
    touch();
    await vi.waitFor(() => expect(importBundle).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    touch();
    await expect(features).resolves.toBe(bundle);
    expect(importBundle).toHaveBeenCalledTimes(2);
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
