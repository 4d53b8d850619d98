import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orgs } from '../../db/schema';

export interface OrgRef {
  id: string;
  name: string;
  type: string;
  path: string;
  parentId: string | null;
  leaderUserId: string | null;
}

const orgColumns = {
  id: orgs.id,
  name: orgs.name,
  type: orgs.type,
  path: orgs.path,
  parentId: orgs.parentId,
  leaderUserId: orgs.leaderUserId,
};

/** One organisation by id (null when unknown). */
export async function findOrg(db: Db, id: string): Promise<OrgRef | null> {
  const [org] = await db.select(orgColumns).from(orgs).where(eq(orgs.id, id));
  return org ?? null;
}

/** The organisations from the top of the tree down to `org` itself, read from its materialised path. */
export async function orgLineage(db: Db, org: OrgRef): Promise<OrgRef[]> {
  const ids = org.path.split('/').filter(Boolean);
  const rows = await db.select(orgColumns).from(orgs).where(inArray(orgs.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is OrgRef => Boolean(row));
}

/** Full name and id of an org: '集团/公司/部门' and the ids joined the same way. */
export function fullNameAndId(lineage: OrgRef[]): { fullName: string; fullId: string } {
  return { fullName: lineage.map((o) => o.name).join('/'), fullId: lineage.map((o) => o.id).join('/') };
}
