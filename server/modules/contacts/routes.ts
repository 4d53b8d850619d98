import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { groupBody, groupMembersBody, personalContactBody, renameGroupBody } from '@contract/contacts-schemas';
import type { Db } from '../../db/client';
import { ok } from '../../lib/app-error';
import { idParams, pageQuery } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import type { Principal } from '../session/service';
import { orgScopeFor } from '../selector/policy';
import {
  addMembers,
  createGroup,
  deleteGroup,
  groupDetail,
  listGroups,
  removeMember,
  renameGroup,
} from './group-service';
import { addFavourite, contactCard, listFavourites, removeFavourite } from './people-service';
import { backfillPinyin } from './pinyin-backfill';
import { createPersonal, deletePersonal, getPersonal, listPersonal, updatePersonal } from './personal-service';

const userId = idParams('人员ID');
const groupId = idParams('群组ID');
const contactId = idParams('联系人ID');
const memberParams = z.object({ id: groupId.shape.id, userId: userId.shape.id });

/** 通讯录 (module code contacts): colleague cards, favourites, custom groups and personal contacts (contract/contacts.ts). */
export async function contactsRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: [app.authenticate] };
  await backfillPinyin(app.db);
  const scopeOf = (request: FastifyRequest) => orgScopeFor(app.db, currentUser(request), app.config.orgVisibility);
  const write = <T>(request: FastifyRequest, work: (tx: Db, user: Principal) => Promise<T>, msg: string) =>
    writeTransaction(request, (tx) => work(tx, currentUser(request)), msg);

  app.get('/api/contacts/users/:id', { ...auth, schema: { params: userId } }, async (request) =>
    ok(await contactCard(app.db, currentUser(request), request.params.id, await scopeOf(request))),
  );

  app.get('/api/contacts/favourites', auth, async (request) =>
    ok(await listFavourites(app.db, currentUser(request), await scopeOf(request))),
  );
  app.put('/api/contacts/favourites/:id', { ...auth, schema: { params: userId } }, async (request) => {
    const scope = await scopeOf(request);
    return write(request, (tx, user) => addFavourite(tx, user, request.params.id, scope), '已加入常用联系人');
  });
  app.delete('/api/contacts/favourites/:id', { ...auth, schema: { params: userId } }, async (request) =>
    write(request, (tx, user) => removeFavourite(tx, user, request.params.id), '已移出常用联系人'),
  );

  app.get('/api/contacts/groups', auth, async (request) => ok(await listGroups(app.db, currentUser(request))));
  app.post('/api/contacts/groups', { ...auth, schema: { body: groupBody } }, async (request) => {
    const scope = await scopeOf(request);
    return write(request, (tx, user) => createGroup(tx, user, request.body, scope), '群组已创建');
  });
  app.get('/api/contacts/groups/:id', { ...auth, schema: { params: groupId } }, async (request) =>
    ok(await groupDetail(app.db, currentUser(request), request.params.id, await scopeOf(request))),
  );
  app.put(
    '/api/contacts/groups/:id',
    { ...auth, schema: { params: groupId, body: renameGroupBody } },
    async (request) =>
      write(request, (tx, user) => renameGroup(tx, user, request.params.id, request.body.name), '群组已重命名'),
  );
  app.delete('/api/contacts/groups/:id', { ...auth, schema: { params: groupId } }, async (request) =>
    write(request, (tx, user) => deleteGroup(tx, user, request.params.id), '群组已删除'),
  );
  app.post(
    '/api/contacts/groups/:id/members',
    { ...auth, schema: { params: groupId, body: groupMembersBody } },
    async (request) => {
      const scope = await scopeOf(request);
      return write(
        request,
        (tx, user) => addMembers(tx, user, request.params.id, request.body.userIds, scope),
        '成员已添加',
      );
    },
  );
  app.delete(
    '/api/contacts/groups/:id/members/:userId',
    { ...auth, schema: { params: memberParams } },
    async (request) =>
      write(request, (tx, user) => removeMember(tx, user, request.params.id, request.params.userId), '成员已移除'),
  );

  app.get('/api/contacts/personal', { ...auth, schema: { querystring: pageQuery } }, async (request) =>
    ok(await listPersonal(app.db, currentUser(request), request.query)),
  );
  app.post('/api/contacts/personal', { ...auth, schema: { body: personalContactBody } }, async (request) =>
    write(request, (tx, user) => createPersonal(tx, user, request.body), '联系人已添加'),
  );
  app.get('/api/contacts/personal/:id', { ...auth, schema: { params: contactId } }, async (request) =>
    ok(await getPersonal(app.db, currentUser(request), request.params.id)),
  );
  app.put(
    '/api/contacts/personal/:id',
    { ...auth, schema: { params: contactId, body: personalContactBody } },
    async (request) =>
      write(request, (tx, user) => updatePersonal(tx, user, request.params.id, request.body), '联系人已保存'),
  );
  app.delete('/api/contacts/personal/:id', { ...auth, schema: { params: contactId } }, async (request) =>
    write(request, (tx, user) => deletePersonal(tx, user, request.params.id), '联系人已删除'),
  );
}
