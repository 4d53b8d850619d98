import { and, count, eq, gt, sql } from 'drizzle-orm';
import { JOINUS_MODEL, type JoinUsOptions } from '@contract/custom';
import type { z } from 'zod';
import type { joinUsBody } from '@contract/custom-schemas';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { customRecords } from '../../db/schema';
import { presentUploaded } from '../files/presenter';
import type { BlobStore } from '../../lib/storage';
import { storeUploads, type CheckedUpload } from '../files/service';
import { dictOptionsFor, loadModel } from '../custom/model-service';
import { toFormFields } from '../custom/model-form';
import { writeRecord } from '../custom/record-service';
import { enforce, signUpLimitRefusal } from './policy';
import { presentOptions } from './presenter';
import { JOINUS_LIMIT } from './rules';

// advisory lock namespace of the per-address count (distinct from the login locks)
const ADDRESS_LOCK = 727310;

/** The form's choices, from the 招聘报名 model's dictionaries: nothing else is read for an anonymous caller. */
export async function joinUsOptions(db: Db): Promise<JoinUsOptions> {
  const model = await loadModel(db, JOINUS_MODEL);
  return presentOptions(model, await dictOptionsFor(db, model));
}

async function recentFrom(db: Db, address: string): Promise<number> {
  const since = new Date(Date.now() - JOINUS_LIMIT.windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(customRecords)
    .where(and(eq(customRecords.sourceAddress, address), gt(customRecords.createdAt, since)));
  return toCount(row?.n);
}

/** A cheap early answer before any upload is received; the binding check runs again under the lock. */
export async function assertUnderLimit(db: Db, address: string): Promise<void> {
  enforce(signUpLimitRefusal(await recentFrom(db, address)));
}

/**
 * Stores one sign-up as a 招聘报名 record with its resume. The address is counted under an advisory lock, so parallel
 * submissions (also on other server processes) see each other; the resume is stored without an owner, readable only
 * through this record (HR).
 */
export async function submitJoinUs(
  tx: Db,
  blobs: BlobStore,
  address: string,
  body: z.output<typeof joinUsBody>,
  resume: CheckedUpload,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${address}))`);
  enforce(signUpLimitRefusal(await recentFrom(tx, address)));
  const model = await loadModel(tx, JOINUS_MODEL);
  const form = toFormFields(model.fields, await dictOptionsFor(tx, model));
  const [stored] = await storeUploads(tx, blobs, null, [resume]);
  const { website: _honeypot, ...fields } = body;
  await writeRecord(tx, {
    model,
    form,
    values: { ...fields, resume: [presentUploaded(stored!)] },
    user: null,
    sourceAddress: address,
  });
}
