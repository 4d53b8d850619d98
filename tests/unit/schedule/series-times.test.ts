import { describe, expect, it } from 'vitest';
import { wholeSeriesTimes } from '@/features/schedule/series-times';

const at = (date: string, clock: string) => new Date(`${date}T${clock}:00+08:00`).toISOString();

describe('所有日程 edited from a later occurrence', () => {
  const series = { startAt: at('2033-03-01', '09:00'), endAt: at('2033-03-01', '09:30') };
  const shown = { startAt: at('2033-03-04', '09:00'), endAt: at('2033-03-04', '09:30') };

  it('keeps the series on its first day when only the title changed (not the tapped occurrence day)', () => {
    expect(wholeSeriesTimes(series, shown, shown)).toEqual(series);
  });

  it('moves the whole series by the time the occurrence moved and makes it as much longer', () => {
    const edited = { startAt: at('2033-03-04', '10:15'), endAt: at('2033-03-04', '11:15') };
    expect(wholeSeriesTimes(series, shown, edited)).toEqual({
      startAt: at('2033-03-01', '10:15'),
      endAt: at('2033-03-01', '11:15'),
    });
  });
});
