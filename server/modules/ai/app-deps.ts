import type { OrgVisibility } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { definitionDetail, instanceDetail, listDefinitions } from '../flow/detail-service';
import { flowCounts, listFlows } from '../flow/list-service';
import { participationOf } from '../mail/load';
import { readRefusal } from '../mail/policy';
import { listMail } from '../mail/list-service';
import { listNews } from '../news/list-service';
import { orgScopeFor } from '../selector/policy';
import { searchUsers } from '../selector/user-queries';
import type { Principal } from '../session/service';
import type { AiMenuEntry, AiToolDeps } from './tool-deps';

import { isUuid } from '../../lib/validate';

// the menus people ask for most; paths are the app's own routes
const MENUS: AiMenuEntry[] = [
  { title: '待办', trail: '首页 › 审批 › 待办', path: '/follow/waitList', keywords: ['待审批', '待处理'] },
  { title: '我发起的', trail: '首页 › 审批 › 我发起的', path: '/follow/myList', keywords: ['我的申请', '发起的'] },
  { title: '发起审批', trail: '首页 › 审批 › 发起', path: '/follow/followList', keywords: ['发起', '申请', '请假'] },
  { title: '通讯录', trail: '底部 › 通讯录', path: '/addressbook/index', keywords: ['电话本', '联系人', '电话'] },
  { title: '修改密码', trail: '底部 › 我的 › 修改密码', path: '/myCenter/index', keywords: ['密码'] },
];

/**
 * The tools' view of the app for one signed-in user: the same services and policies as the HTTP routes, so the
 * assistant never shows what the user could not open by tapping (a refused detail becomes "not found").
 */
export function appToolDeps(db: Db, principal: Principal, orgVisibility: OrgVisibility): AiToolDeps {
  return {
    async listMyTodos(_user, limit) {
      const page = await listFlows(db, principal.id, 'todo', { pageNum: 1, pageSize: limit });
      return page.rows.map((r) => ({
        taskId: r.id,
        instanceId: r.instanceId,
        title: r.title,
        definitionName: r.definitionName,
        initiatorName: r.initiatorName,
        createdAt: r.createdAt,
      }));
    },
    async countMyTodos() {
      return (await flowCounts(db, principal.id)).todo;
    },
    async getApproval(_user, instanceId) {
      if (!isUuid(instanceId)) return null;
      try {
        const d = await instanceDetail(db, principal, instanceId);
        return {
          instanceId: d.id,
          title: d.title,
          serial: d.serial,
          status: d.status,
          initiatorName: d.initiator.realName,
          currentNodeNames: d.currentNodeNames,
          myTaskId: d.myTaskId,
        };
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    },
    async searchColleagues(_user, query) {
      const scope = await orgScopeFor(db, principal, orgVisibility);
      const rows = await searchUsers(db, query.trim(), scope ? scope.root.path : null);
      return rows.slice(0, 5).map((u) => ({
        id: u.id,
        realName: u.realName,
        orgName: u.orgName ?? '',
        post: u.postName,
        mobile: u.mobile,
        phone: null,
        email: u.email,
      }));
    },
    async listStartableFlows() {
      const summaries = await listDefinitions(db);
      const details = await Promise.all(summaries.map((s) => definitionDetail(db, s.id)));
      return details.map((d) => ({ id: d.id, name: d.name, category: d.category, formSchema: d.formSchema }));
    },
    menuEntries: () => MENUS,
    async searchNews(_user, keyword, limit) {
      // the published list itself: status and the channel's read roles are its where clause
      const page = await listNews(db, principal, 'published', { pageNum: 1, pageSize: limit, keyword });
      return {
        total: page.total,
        items: page.rows.map((r) => ({
          id: r.id,
          title: r.title,
          summary: r.summary,
          channelName: r.channelName,
          authorName: r.authorName,
          publishedAt: r.publishedAt,
        })),
      };
    },
    async searchMail(_user, keyword, limit) {
      // the caller's own mailbox (收件箱 and 已发送, drafts aside), each row then checked by the detail's read rule
      const page = await listMail(db, principal.id, 'all', { pageNum: 1, pageSize: limit, keyword });
      const readable = [];
      for (const row of page.rows) {
        if (!readRefusal(principal, await participationOf(db, principal.id, row.id))) readable.push(row);
      }
      return {
        total: page.total - (page.rows.length - readable.length),
        items: readable.map((r) => ({
          id: r.id,
          subject: r.subject || '（无主题）',
          summary: r.summary,
          senderName: r.sender.name,
          at: r.at,
          seen: r.seen,
        })),
      };
    },
  };
}
