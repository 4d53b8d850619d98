import { inArray } from 'drizzle-orm';
import { saveModelBody } from '@contract/custom-schemas';
import { JOINUS_MODEL } from '@contract/custom';
import type { Db } from '../client';
import * as t from '../schema';
import { dictOptionsFor, saveModel } from '../../modules/custom/model-service';
import { toFormFields } from '../../modules/custom/model-form';
import { titleAndSearch } from '../../modules/custom/presenter';
import { demoId } from './demo-ids';
import { demoModels, demoRecords } from './custom-models';

/** The demo business models and a few records each; the seeded 招聘报名 entries are public ones (no creator). */
export async function seedCustomModels(tx: Db): Promise<void> {
  // a record belongs to its creator's org, as records made through the API do (the access scopes read it)
  const creators = [...new Set(demoRecords.map(([, username]) => demoId(`user:${username}`)))];
  const orgOf = new Map(
    (await tx.select({ id: t.users.id, orgId: t.users.orgId }).from(t.users).where(inArray(t.users.id, creators))).map(
      (u) => [u.id, u.orgId],
    ),
  );
  for (const body of demoModels) {
    const { id } = await saveModel(tx, saveModelBody.parse(body));
    const model = { ...saveModelBody.parse(body), id };
    const form = toFormFields(model.fields, await dictOptionsFor(tx, model));
    const records = demoRecords.filter(([code]) => code === body.code);
    if (!records.length) continue;
    await tx.insert(t.customRecords).values(
      records.map(([, username, data], i) => ({
        modelId: id,
        data,
        ...titleAndSearch(form, model, data),
        createdBy: body.code === JOINUS_MODEL ? null : demoId(`user:${username}`),
        orgId: body.code === JOINUS_MODEL ? null : (orgOf.get(demoId(`user:${username}`)) ?? null),
        // spread over the last days so lists have an order
        updatedAt: new Date(Date.now() - (i + 1) * 3600_000),
        createdAt: new Date(Date.now() - (i + 1) * 3600_000),
      })),
    );
  }
}
