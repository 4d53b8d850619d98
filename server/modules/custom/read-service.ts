import type { CustomRecordView } from '@contract/custom';
import type { Db } from '../../db/client';
import type { Principal } from '../session/service';
import { dictOptionsFor } from './model-service';
import { enforce, readRefusal } from './policy';
import { presentModel, presentRecord } from './presenter';
import { readerOf } from './reader';
import { loadRecord } from './record-service';

/** One record as its reader sees it (the detail page and pop-up pages ask this same rule). */
export async function recordView(db: Db, user: Principal, id: string): Promise<CustomRecordView> {
  const { model, row } = await loadRecord(db, id);
  const reader = await readerOf(db, user);
  enforce(readRefusal(model.access, reader, row));
  const view = presentModel(model, await dictOptionsFor(db, model), user);
  return presentRecord(model, view, row, reader);
}
