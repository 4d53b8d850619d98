import { describe, expect, it } from 'vitest';
import { createSharedStates } from '../../server/modules/live/shared-state';

// What a live stream sends is read once per person and shared by every stream of theirs (server/modules/live): a
// thousand streams of one person asking at once cost one read, never one that started before the ask, and a read
// that fails is tried again before anyone hears of it.

/** A person's counter that a read reports, and how many reads ran. */
function counter() {
  const state = { value: 0, reads: 0, failuresLeft: 0 };
  const read = async () => {
    state.reads += 1;
    const seen = state.value;
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (state.failuresLeft > 0) {
      state.failuresLeft -= 1;
      throw new Error('database busy');
    }
    return { value: seen };
  };
  return { state, read };
}

describe('live states shared per person', () => {
  it('a thousand streams asking in the same moment share one read', async () => {
    const states = createSharedStates();
    const { state, read } = counter();
    const answers = await Promise.all(Array.from({ length: 1_000 }, () => states.read('flow\nlisi', read)));
    expect(state.reads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(states.size()).toBe(0);
  });

  it('keeps people apart: each person and source has a read of its own', async () => {
    const states = createSharedStates();
    const lisi = counter();
    const wangwu = counter();
    wangwu.state.value = 7;
    const [a, b] = await Promise.all([states.read('flow\nlisi', lisi.read), states.read('flow\nwangwu', wangwu.read)]);
    expect(a).toEqual({ value: 0 });
    expect(b).toEqual({ value: 7 });
  });

  it('an ask while a read runs gets a read that starts after it, shared by everyone who asked meanwhile', async () => {
    const states = createSharedStates();
    const { state, read } = counter();
    const first = states.read('flow\nlisi', read);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(state.reads).toBe(1);
    // a change commits while the first read runs: the streams told of it must not get the first read's answer
    state.value = 1;
    const later = Array.from({ length: 100 }, () => states.read('flow\nlisi', read));
    expect(await first).toEqual({ value: 0 });
    const laterAnswers = await Promise.all(later);
    expect(laterAnswers[0]).toEqual({ value: 1 });
    expect(laterAnswers.every((answer) => answer === laterAnswers[0])).toBe(true);
    expect(state.reads).toBe(2);
  });

  it('retries a read that fails, so the streams still get their state', async () => {
    const states = createSharedStates(() => 0);
    const { state, read } = counter();
    state.failuresLeft = 2;
    state.value = 3;
    expect(await states.read('mail\nlisi', read)).toEqual({ value: 3 });
    expect(state.reads).toBe(3);
  });

  it('gives up after its retries, and the askers hear the error', async () => {
    const states = createSharedStates(() => 0);
    const { state, read } = counter();
    state.failuresLeft = 100;
    await expect(states.read('mail\nlisi', read)).rejects.toThrow('database busy');
    expect(state.reads).toBe(6);
  });
});
