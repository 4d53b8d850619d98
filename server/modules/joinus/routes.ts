import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { joinUsBody } from '@contract/custom-schemas';
import { AppError, ok } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { cleanAttachName } from '../files/presenter';
import type { CheckedUpload } from '../files/service';
import { sniffMime } from '../files/sniff';
import { discardTemps, isBrokenMultipart, receiveToTemp } from '../files/storage';
import { enforce, resumeRefusal, resumeTypeRefusal } from './policy';
import { JOINUS_LIMIT } from './rules';
import { assertUnderLimit, joinUsOptions, submitJoinUs } from './service';

const THANKS = '报名成功，我们会尽快与您联系';

/** 招聘报名, open without login: the form's choices and the sign-up. Nothing stored is ever answered to the public. */
export async function joinUsRoutes(app: FastifyInstance): Promise<void> {
  const { dataDir } = app.config;
  const maxBytes = JOINUS_LIMIT.resumeMaxMb * 1024 * 1024;

  app.get('/api/joinus/options', async () => ok(await joinUsOptions(app.db)));

  /** The multipart body: text fields and at most one `resume` file, bounded in size before it reaches the disk. */
  async function readForm(
    request: FastifyRequest,
  ): Promise<{ fields: Record<string, string>; resume: CheckedUpload | null }> {
    if (!request.isMultipart()) throw new AppError(400, '请使用表单提交报名信息');
    const fields: Record<string, string> = {};
    let resume: CheckedUpload | null = null;
    try {
      for await (const part of request.parts({
        limits: { fileSize: maxBytes, files: 1, fields: 12, fieldSize: 4096 },
      })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'resume' && part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        resume = await receiveResume(part);
      }
      return { fields, resume };
    } catch (error) {
      if (resume) await discardTemps([resume]);
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, `简历大小不能超过${JOINUS_LIMIT.resumeMaxMb}MB`);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
        throw new AppError(400, '报名内容过多');
      if (isBrokenMultipart(error)) throw new AppError(400, '报名内容格式不正确');
      throw error;
    }
  }

  async function receiveResume(part: MultipartFile): Promise<CheckedUpload> {
    const file = await receiveToTemp(dataDir, part.file);
    const upload = { ...file, attachName: cleanAttachName(part.filename), mime: '' };
    if (part.file.truncated) {
      await discardTemps([upload]);
      throw new AppError(413, `简历大小不能超过${JOINUS_LIMIT.resumeMaxMb}MB`);
    }
    return upload;
  }

  app.post('/api/joinus/apply', async (request) => {
    const address = request.ip;
    await assertUnderLimit(app.db, address);
    const { fields, resume } = await readForm(request);
    try {
      const body = validate(joinUsBody, fields);
      // the honeypot: people never see it, bots fill it; they get the same thanks and nothing is kept
      if (body.website) return ok(null, THANKS);
      enforce(resumeRefusal(resume));
      const upload = resume as CheckedUpload; // present and not empty: resumeRefusal let it through
      upload.mime = await sniffMime(upload.tmpPath, upload.attachName, upload.size).catch(() => '');
      enforce(resumeTypeRefusal(upload.mime));
      await app.db.transaction((tx) => submitJoinUs(tx, app.blobs, address, body, upload));
      return ok(null, THANKS);
    } finally {
      // committed blobs were moved away; whatever is left in temp is discarded
      if (resume) await discardTemps([resume]);
    }
  });
}
