import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// PGlite 0.5 ships btree_gist, so the same exclusion constraint guards room bookings on PGlite and PostgreSQL.
describe('room booking exclusion constraint on PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create({ extensions: { btree_gist } });
    await db.exec(`
      CREATE EXTENSION IF NOT EXISTS btree_gist;
      CREATE TABLE room_bookings (
        id serial PRIMARY KEY,
        room_id text NOT NULL,
        subject text NOT NULL,
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        CONSTRAINT room_bookings_no_overlap EXCLUDE USING gist (room_id WITH =, tstzrange(start_at, end_at) WITH &&)
      );`);
  }, 60_000);
  afterAll(() => db?.close());

  const book = (room: string, from: string, to: string) =>
    db.query('INSERT INTO room_bookings (room_id, subject, start_at, end_at) VALUES ($1, $2, $3, $4)', [
      room,
      '周例会',
      `2026-11-23 ${from}+08`,
      `2026-11-23 ${to}+08`,
    ]);

  it('refuses a second overlapping booking of one room with an exclusion violation', async () => {
    await book('r1', '10:00', '11:00');
    const err = await book('r1', '10:30', '11:30').then(
      () => null,
      (e: unknown) => e as { code?: string; constraint?: string; message: string },
    );
    expect(err?.code).toBe('23P01'); // exclusion_violation: what the service turns into the 409
    expect(err?.message).toContain('room_bookings_no_overlap');
  });

  it('allows back-to-back bookings and the same slot in another room', async () => {
    await book('r1', '11:00', '12:00');
    await book('r2', '10:30', '11:30');
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM room_bookings');
    expect(rows[0].n).toBe(3);
  });
});
