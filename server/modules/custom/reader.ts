import { inArray, like, or, eq, type SQL } from 'drizzle-orm';
import type { CustomAccessScope } from '@contract/custom';
import type { Db } from '../../db/client';
import { customRecords, orgs } from '../../db/schema';
import { findOrg, orgLineage } from '../upms/org-lineage';
import type { Principal } from '../session/service';
import type { Reader } from './policy';

/** The user with the paths of their org and of their company (the nearest company above or at it; else the top). */
export async function readerOf(db: Db, user: Principal): Promise<Reader> {
  const org = await findOrg(db, user.orgId);
  if (!org) return { ...user, deptPath: null, companyPath: null };
  const lineage = await orgLineage(db, org);
  const company = [...lineage].reverse().find((o) => o.type === 'company') ?? lineage[0] ?? org;
  return { ...user, deptPath: org.path, companyPath: company.path };
}

// org paths are made of uuids and slashes: no LIKE wildcard can appear in them
const orgsUnder = (db: Db, path: string) =>
  db
    .select({ id: orgs.id })
    .from(orgs)
    .where(like(orgs.path, `${path}%`));

/** The records a scope reaches, as a where condition on custom_records (undefined = all; the list's and the menu's counts). */
export function scopeCondition(db: Db, scope: CustomAccessScope, reader: Reader): SQL | undefined {
  if (scope === 'all') return undefined;
  const own = eq(customRecords.createdBy, reader.id);
  const under = scope === 'dept' ? reader.deptPath : scope === 'company' ? reader.companyPath : null;
  return under === null ? own : or(own, inArray(customRecords.orgId, orgsUnder(db, under)));
}
