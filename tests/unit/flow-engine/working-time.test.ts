import { describe, expect, it } from 'vitest';
import { addWorkingMinutes, isWorkingDay, localDay } from '../../../server/modules/flow/timers/working-time';

// the 2026 official calendar's exceptions around 国庆 (as migration 0038 seeds them)
const calendar = new Map<string, boolean>([
  ['2026-09-20', true],
  ...['01', '02', '03', '04', '05', '06', '07'].map((d) => [`2026-10-${d}`, false] as [string, boolean]),
  ['2026-10-10', true],
]);
const cst = (local: string) => new Date(`${local}+08:00`);

describe('working time (China Standard Time, 09:00–12:00 and 13:00–18:00)', () => {
  it('counts a 调休 Saturday as a working day and a holiday weekday as a day off', () => {
    expect(isWorkingDay('2026-10-10', calendar)).toBe(true); // Saturday, worked for 国庆
    expect(isWorkingDay('2026-10-08', calendar)).toBe(true); // an ordinary Thursday
    expect(isWorkingDay('2026-10-05', calendar)).toBe(false); // Monday of 国庆
    expect(isWorkingDay('2026-10-11', calendar)).toBe(false); // an ordinary Sunday
  });

  it('adds minutes inside one working period', () => {
    expect(addWorkingMinutes(cst('2026-10-08T09:30:00'), 60, calendar)).toEqual(cst('2026-10-08T10:30:00'));
  });

  it('skips the lunch break and the night', () => {
    expect(addWorkingMinutes(cst('2026-10-08T11:30:00'), 60, calendar)).toEqual(cst('2026-10-08T13:30:00'));
    expect(addWorkingMinutes(cst('2026-10-08T17:30:00'), 60, calendar)).toEqual(cst('2026-10-09T09:30:00'));
  });

  it('starts counting at the next working period when opened at night or on a day off', () => {
    expect(addWorkingMinutes(cst('2026-10-08T22:00:00'), 30, calendar)).toEqual(cst('2026-10-09T09:30:00'));
    // opened on the first day of 国庆: nothing counts until the Thursday after the holiday
    expect(addWorkingMinutes(cst('2026-10-01T10:00:00'), 60, calendar)).toEqual(cst('2026-10-08T10:00:00'));
  });

  it('runs a Friday evening limit into the 调休 Saturday, not the Monday', () => {
    // Friday 2026-10-09 17:00 + 2 h of working time: one hour on Friday, one on Saturday 10-10 (worked)
    expect(addWorkingMinutes(cst('2026-10-09T17:00:00'), 120, calendar)).toEqual(cst('2026-10-10T10:00:00'));
    // without the 调休 entry the same limit lands on Monday
    expect(addWorkingMinutes(cst('2026-10-09T17:00:00'), 120, new Map())).toEqual(cst('2026-10-12T10:00:00'));
  });

  it('spans several days of eight working hours', () => {
    expect(addWorkingMinutes(cst('2026-11-23T09:00:00'), 3 * 8 * 60, new Map())).toEqual(cst('2026-11-25T18:00:00'));
  });

  it('names the local day of a moment, not the UTC one', () => {
    expect(localDay(new Date('2026-10-09T17:00:00Z'))).toBe('2026-10-10');
  });

  it('gives up instead of looping when no working day lies ahead', () => {
    const noneWorking = { get: () => false } as unknown as Map<string, boolean>;
    expect(addWorkingMinutes(cst('2026-10-08T09:00:00'), 60, noneWorking)).toBeNull();
  });
});
