import type { JoinUsOptions } from '@contract/custom';
import type { DictOptions } from '../custom/model-form';
import type { ModelRow } from '../custom/model-service';
import { JOINUS_LIMIT } from './rules';

/** The form's choices from the 招聘报名 model's dictionaries, and the resume limits; nothing stored is answered. */
export function presentOptions(model: Pick<ModelRow, 'fields'>, dicts: DictOptions): JoinUsOptions {
  const dictOf = (key: string) => dicts.get(model.fields.find((f) => f.key === key)?.dict ?? '') ?? [];
  return {
    positions: dictOf('position'),
    educations: dictOf('education'),
    resume: { maxSizeMb: JOINUS_LIMIT.resumeMaxMb, accept: JOINUS_LIMIT.resumeAccept },
  };
}
