import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Page } from '@contract/envelope';
import type { PersonalContact } from '@contract/contacts';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { personalContacts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { likePattern } from '../../lib/validate';
import type { Principal } from '../session/service';
import { enforce, personalContactRefusal } from './policy';
import { presentPersonalContact } from './presenter';

const MAX_CONTACTS = 2000;
type Fields = Omit<PersonalContact, 'id' | 'updatedAt'>;

/** The caller's personal contacts, by name; keyword matches name, phone or company. */
export async function listPersonal(
  db: Db,
  user: Principal,
  query: { pageNum: number; pageSize: number; keyword?: string },
): Promise<Page<PersonalContact>> {
  const pattern = query.keyword ? likePattern(query.keyword) : null;
  const where = and(
    eq(personalContacts.ownerId, user.id),
    pattern
      ? or(
          ilike(personalContacts.name, pattern),
          ilike(personalContacts.mobile, pattern),
          ilike(personalContacts.company, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(personalContacts)
      .where(where)
      .orderBy(asc(personalContacts.name), asc(personalContacts.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(personalContacts).where(where),
  ]);
  return { rows: rows.map(presentPersonalContact), total: toCount(total?.n) };
}

async function ownContact(db: Db, user: Principal, id: string) {
  const [row] = await db.select().from(personalContacts).where(eq(personalContacts.id, id));
  enforce(personalContactRefusal(row, user));
  return row!;
}

export async function getPersonal(db: Db, user: Principal, id: string): Promise<PersonalContact> {
  return presentPersonalContact(await ownContact(db, user, id));
}

export async function createPersonal(tx: Db, user: Principal, fields: Fields): Promise<PersonalContact> {
  const [existing] = await tx
    .select({ n: count() })
    .from(personalContacts)
    .where(eq(personalContacts.ownerId, user.id));
  if (toCount(existing?.n) >= MAX_CONTACTS) throw new AppError(400, `个人通讯录最多${MAX_CONTACTS}人`);
  const [row] = await tx
    .insert(personalContacts)
    .values({ ...fields, ownerId: user.id })
    .returning();
  return presentPersonalContact(row!);
}

export async function updatePersonal(tx: Db, user: Principal, id: string, fields: Fields): Promise<PersonalContact> {
  await ownContact(tx, user, id);
  const [row] = await tx
    .update(personalContacts)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(personalContacts.id, id))
    .returning();
  return presentPersonalContact(row!);
}

export async function deletePersonal(tx: Db, user: Principal, id: string): Promise<void> {
  await ownContact(tx, user, id);
  await tx.delete(personalContacts).where(eq(personalContacts.id, id));
}
