import type { FastifyInstance } from 'fastify';
import { modelCodeParams, recordBody, recordListQuery, saveModelBody } from '@contract/custom-schemas';
import { ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { dictOptionsFor, listMenu, loadModel, saveModel } from './model-service';
import { toFormFields } from './model-form';
import {
  createRefusal,
  deleteRefusal,
  editRefusal,
  enforce,
  manageModelsRefusal,
  modelReadRefusal,
  readRefusal,
} from './policy';
import { readerOf } from './reader';
import { presentModel, presentRow } from './presenter';
import { recordView } from './read-service';
import { deleteRecord, listRecords, loadRecord, writeRecord } from './record-service';

const recordId = idParams('记录ID');

/** 业务建模: the menu, a model, its records (list, detail, create, edit, delete) and the admin's model upkeep. */
export async function customRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // the session is checked before the schemas: a caller without one hears 401, never what their input lacks
  const auth = { preValidation: [app.authenticate] };

  app.get('/api/custom/models', auth, async (request) => ok(await listMenu(app.db, currentUser(request))));

  app.post('/api/custom/models', { ...auth, schema: { body: saveModelBody } }, async (request) => {
    enforce(manageModelsRefusal(currentUser(request)));
    return writeTransaction(request, (tx) => saveModel(tx, request.body), '业务模型已保存');
  });

  app.get('/api/custom/models/:code', { ...auth, schema: { params: modelCodeParams } }, async (request) => {
    const user = currentUser(request);
    const model = await loadModel(app.db, request.params.code);
    enforce(modelReadRefusal(model.access, user));
    return ok(presentModel(model, await dictOptionsFor(app.db, model), user));
  });

  app.get(
    '/api/custom/models/:code/records',
    { ...auth, schema: { params: modelCodeParams, querystring: recordListQuery } },
    async (request) => {
      const user = currentUser(request);
      const model = await loadModel(app.db, request.params.code);
      enforce(modelReadRefusal(model.access, user));
      const view = presentModel(model, await dictOptionsFor(app.db, model), user);
      const page = await listRecords(app.db, await readerOf(app.db, user), model, request.query);
      return ok({ rows: page.rows.map((row) => presentRow(view, row)), total: page.total });
    },
  );

  app.post(
    '/api/custom/models/:code/records',
    { ...auth, schema: { params: modelCodeParams, body: recordBody } },
    async (request) => {
      const user = currentUser(request);
      const model = await loadModel(app.db, request.params.code);
      enforce(createRefusal(model.access, user));
      const form = toFormFields(model.fields, await dictOptionsFor(app.db, model));
      return writeTransaction(
        request,
        (tx) => writeRecord(tx, { model, form, values: request.body.values, user }),
        '保存成功',
      );
    },
  );

  app.get('/api/custom/records/:id', { ...auth, schema: { params: recordId } }, async (request) =>
    ok(await recordView(app.db, currentUser(request), request.params.id)),
  );

  app.put('/api/custom/records/:id', { ...auth, schema: { params: recordId, body: recordBody } }, async (request) => {
    const user = currentUser(request);
    const { model, row } = await loadRecord(app.db, request.params.id);
    const reader = await readerOf(app.db, user);
    enforce(readRefusal(model.access, reader, row));
    enforce(editRefusal(model.access, reader, row));
    const form = toFormFields(model.fields, await dictOptionsFor(app.db, model));
    return writeTransaction(
      request,
      (tx) =>
        writeRecord(tx, { model, form, values: request.body.values, user }, { row, version: request.body.version }),
      '保存成功',
    );
  });

  app.delete('/api/custom/records/:id', { ...auth, schema: { params: recordId } }, async (request) => {
    const user = currentUser(request);
    const { model, row } = await loadRecord(app.db, request.params.id);
    const reader = await readerOf(app.db, user);
    enforce(readRefusal(model.access, reader, row));
    enforce(deleteRefusal(model.access, reader, row));
    return writeTransaction(request, (tx) => deleteRecord(tx, row.id), '删除成功');
  });
}
