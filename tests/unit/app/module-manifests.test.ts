import { describe, expect, it } from 'vitest';
import { aiModule } from '@/features/ai/module';
import { aiKeys } from '@/features/ai/api/ai-keys';
import { customModule } from '@/features/custom/module';
import { customKeys } from '@/features/custom/api/custom-keys';
import { followModule } from '@/features/follow/module';
import { flowKeys } from '@/features/follow/api/flow-keys';
import { mailModule } from '@/features/mail/module';
import { mailKeys } from '@/features/mail/api/mail-keys';
import { meetingModule } from '@/features/meeting/module';
import { meetingKeys } from '@/features/meeting/api/meeting-keys';
import { newsModule } from '@/features/news/module';
import { newsKeys } from '@/features/news/api/news-keys';
import { scheduleModule } from '@/features/schedule/module';
import { scheduleKeys } from '@/features/schedule/api/schedule-keys';

// The manifests name their persisted query roots as plain strings (the entry chunk then carries no key factory);
// a root that drifted from the module's keys would silently stop the offline cache of that module.
describe('module manifests persist the roots their query keys really use', () => {
  it.each([
    ['审批', followModule, flowKeys.all[0]],
    ['邮件', mailModule, mailKeys.all[0]],
    ['资讯', newsModule, newsKeys.all[0]],
    ['会议', meetingModule, meetingKeys.all[0]],
    ['日程', scheduleModule, scheduleKeys.all[0]],
    ['业务建模', customModule, customKeys.all[0]],
    ['AI助手', aiModule, aiKeys.all[0]],
  ])('%s', (_title, manifest, root) => {
    expect(manifest.persistedRoots).toEqual([root]);
  });
});
