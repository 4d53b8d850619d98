import { JOINUS_MODEL, type JoinUsOptions } from '@contract/custom';
import type { z } from 'zod';
import type { joinUsBody } from '@contract/custom-schemas';
import type { Db } from '../../db/client';
import { presentUploaded } from '../files/presenter';
import type { BlobStore } from '../../lib/storage';
import { storeUploads, type CheckedUpload } from '../files/service';
import { dictOptionsFor, loadModel } from '../custom/model-service';
import { toFormFields } from '../custom/model-form';
import { writeRecord } from '../custom/record-service';
import { hitSharedLimit, peekSharedLimit, type SharedLimit } from '../../plugins/shared-limit';
import { enforce, signUpLimitRefusal } from './policy';
import { presentOptions } from './presenter';
import { JOINUS_LIMIT } from './rules';

/** stored sign-ups per address per window */
export const JOINUS_PER_ADDRESS: SharedLimit = {
  scope: 'joinus-address',
  limit: JOINUS_LIMIT.perAddress,
  windowSeconds: JOINUS_LIMIT.windowMs / 1000,
};

/** The form's choices, from the 招聘报名 model's dictionaries: nothing else is read for an anonymous caller. */
export async function joinUsOptions(db: Db): Promise<JoinUsOptions> {
  const model = await loadModel(db, JOINUS_MODEL);
  return presentOptions(model, await dictOptionsFor(db, model));
}

/** A cheap early answer before any upload is received; the binding count runs in the write. */
export async function assertUnderLimit(db: Db, address: string): Promise<void> {
  enforce(signUpLimitRefusal((await peekSharedLimit(db, JOINUS_PER_ADDRESS, address)).ok));
}

/**
 * Stores one sign-up as a 招聘报名 record with its resume. The address is counted by the shared limiter inside this
 * write, so parallel submissions (also on other server processes) see each other and a sign-up that fails to store
 * counts nothing; the resume is stored without an owner, readable only
 * through this record (HR).
 */
export async function submitJoinUs(
  tx: Db,
  blobs: BlobStore,
  address: string,
  body: z.output<typeof joinUsBody>,
  resume: CheckedUpload,
): Promise<void> {
  enforce(signUpLimitRefusal((await hitSharedLimit(tx, JOINUS_PER_ADDRESS, address)).ok));
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
