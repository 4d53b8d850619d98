import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Db } from '../../db/client';

/** Runs a conversion for a person in a slot (0 … slots-1; each slot has its own LibreOffice profile). */
export type Enqueue = <T>(person: string, task: (slot: number) => Promise<T>) => Promise<T>;

const SLOT_LOCK = ADVISORY_LOCKS.previewSlot;
const PERSON_LOCK = ADVISORY_LOCKS.previewPerson;
const SLOT_POLL_MS = 200;

const granted = (result: unknown): boolean => (result as { rows: { ok: boolean }[] }).rows[0]?.ok === true;

/**
 * Conversions in a few slots, each person in at most one at a time, persons served in turn.
 *
 * Why this shape: LibreOffice is heavy, so the site converts only `slots` files at once (default 2). With one slot
 * (as before) one person's slow file, up to the 60 s time limit, held everybody's preview. With several slots and no
 * per-person cap, one person opening a few slow files would fill them all again. So a person's next conversion waits
 * for their own previous one, whoever else waits is served first in turn, and one person can hold at most one slot:
 * another person waits only when `slots` other people convert slow files at the same moment. Bombs are refused before
 * they get here and a failed file is remembered, so the same file cannot take a slot twice.
 *
 * Within a process a fair queue hands out the slots. On PostgreSQL the slots and the person cap also hold across
 * processes: a conversion runs in a transaction that took one of `slots` slot locks and its person's lock with
 * pg_try_advisory_xact_lock; when either is taken elsewhere it lets go of what it got and tries again shortly, so a
 * waiting conversion holds no connection. PGlite is one process, so the in-process queue is all there is (and a
 * transaction there would stall every other statement meanwhile).
 */
export function createConversionQueue(db: Db, driver: 'pglite' | 'pg', slots: number): Enqueue {
  const freeSlots = Array.from({ length: slots }, (_, slot) => slot);
  const busyPeople = new Set<string>();
  // each person's waiting conversions, oldest first; the map's order is the order people are served in
  const waiting = new Map<string, Array<(slot: number) => void>>();

  function dispatch(): void {
    while (freeSlots.length > 0) {
      const person = [...waiting.keys()].find((candidate) => !busyPeople.has(candidate));
      if (person === undefined) return;
      const queue = waiting.get(person)!;
      const start = queue.shift()!;
      waiting.delete(person); // to the back of the line, behind everyone who waited meanwhile
      if (queue.length > 0) waiting.set(person, queue);
      busyPeople.add(person);
      start(freeSlots.shift()!);
    }
  }

  async function inClusterSlot<T>(person: string, task: (slot: number) => Promise<T>): Promise<T> {
    const offset = Math.floor(Math.random() * slots); // processes start at different slots and rarely collide
    for (;;) {
      const outcome = await db.transaction(async (tx) => {
        if (
          !granted(await tx.execute(sql`select pg_try_advisory_xact_lock(${PERSON_LOCK}, hashtext(${person})) as ok`))
        )
          return null;
        for (let i = 0; i < slots; i++) {
          const slot = (offset + i) % slots;
          if (granted(await tx.execute(sql`select pg_try_advisory_xact_lock(${SLOT_LOCK}, ${slot}::int) as ok`)))
            return { value: await task(slot) };
        }
        return null; // committing lets go of the person's lock too
      });
      if (outcome) return outcome.value;
      await new Promise((resolve) => setTimeout(resolve, SLOT_POLL_MS));
    }
  }

  return async function enqueue<T>(person: string, task: (slot: number) => Promise<T>): Promise<T> {
    const slot = await new Promise<number>((start) => {
      waiting.set(person, [...(waiting.get(person) ?? []), start]);
      dispatch();
    });
    try {
      return driver === 'pg' ? await inClusterSlot(person, task) : await task(slot);
    } finally {
      busyPeople.delete(person);
      freeSlots.push(slot);
      dispatch(); // a failed conversion frees its slot like any other
    }
  };
}
