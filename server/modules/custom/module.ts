import type { ModuleManifest } from '../manifest';
import { customRecordAttachmentOwner } from './attachment-owner';
import { customRoutes } from './routes';

/** 业务建模 (module code custom): models as data, their records, and files attached to records. */
export const customModule: ModuleManifest = {
  name: 'custom',
  routes: customRoutes,
  attachmentOwners: { customRecord: customRecordAttachmentOwner },
};
