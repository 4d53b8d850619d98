import { describe, expect, it } from 'vitest';
import { defaultSlot } from '../../../src/features/meeting/components/meeting-time';

const shanghai = (text: string) => Date.parse(`${text}+08:00`);

describe('the default time of a new booking', () => {
  it('starts at the next half hour from now, for an hour', () => {
    expect(defaultSlot(shanghai('2031-05-06T10:07:00'))).toEqual({ date: '2031-05-06', start: '10:30', end: '11:30' });
    expect(defaultSlot(shanghai('2031-05-06T10:30:00'))).toEqual({ date: '2031-05-06', start: '11:00', end: '12:00' });
    expect(defaultSlot(shanghai('2031-05-06T16:59:59'))).toEqual({ date: '2031-05-06', start: '17:00', end: '18:00' });
  });

  it('never starts in the past, whatever day was asked for, and never wraps past midnight', () => {
    // the room page may hand today's or an earlier day
    expect(defaultSlot(shanghai('2031-05-06T15:10:00'), '2031-05-06')).toEqual({
      date: '2031-05-06',
      start: '15:30',
      end: '16:30',
    });
    expect(defaultSlot(shanghai('2031-05-06T15:10:00'), '2031-05-01')).toEqual({
      date: '2031-05-06',
      start: '15:30',
      end: '16:30',
    });
    expect(defaultSlot(shanghai('2031-05-06T23:10:00'))).toEqual({ date: '2031-05-06', start: '23:30', end: '23:59' });
    expect(defaultSlot(shanghai('2031-05-06T23:45:00'))).toEqual({ date: '2031-05-07', start: '00:00', end: '01:00' });
  });

  it('opens a later day at 10:00', () => {
    expect(defaultSlot(shanghai('2031-05-06T15:10:00'), '2031-05-09')).toEqual({
      date: '2031-05-09',
      start: '10:00',
      end: '11:00',
    });
  });
});
