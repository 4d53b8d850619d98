import type { MailCard, NewsCard, UserCard } from '@contract/ai';
import type { FormField, InstanceStatus } from '@contract/flow';

/**
 * What the tools may read, always on behalf of one user and with that user's permissions. The real implementation
 * calls the same services and policies as the HTTP routes (workflow lists and detail, address book), so a tool can
 * never see more than the user could by tapping through the app. Tests use small in-memory versions.
 */
export interface AiUser {
  id: string;
  realName: string;
  /** an administrator also hears how the server connects a model (AI_BASE_URL, …); staff never do */
  seesSetup?: boolean;
}

export interface AiTodo {
  taskId: string;
  instanceId: string;
  title: string;
  definitionName: string;
  initiatorName: string;
  createdAt: string;
}

export interface AiApproval {
  instanceId: string;
  title: string;
  serial: string;
  status: InstanceStatus;
  initiatorName: string;
  currentNodeNames: string[];
  /** the user's open task on it: the card then opens the 待办 detail */
  myTaskId: string | null;
}

/** One colleague from the address book: the user card the tool shows, without its `kind` tag. */
export type AiColleague = Omit<UserCard, 'kind'>;

/** A published article found by keyword: the news card without its tag and link. */
export type AiNews = Omit<NewsCard, 'kind' | 'href'>;

/** One of the user's mails found by keyword: the mail card without its tag and link. */
export type AiMail = Omit<MailCard, 'kind' | 'href'>;

/** The first matches and how many there are in all. */
export interface AiFound<T> {
  total: number;
  items: T[];
}

export interface AiStartableFlow {
  id: string;
  name: string;
  category: string;
  formSchema: FormField[];
}

export interface AiMenuEntry {
  title: string;
  /** e.g. 首页 › 审批 › 我发起的 */
  trail: string;
  path: string;
  /** other words people use for it (发起 → 我发起的) */
  keywords: string[];
}

export interface AiToolDeps {
  /** the user's open to-dos, newest first */
  listMyTodos(user: AiUser, limit: number): Promise<AiTodo[]>;
  countMyTodos(user: AiUser): Promise<number>;
  /** null when it does not exist or the user may not see it (the detail route's policy) */
  getApproval(user: AiUser, instanceId: string): Promise<AiApproval | null>;
  /** address-book search as the user would run it */
  searchColleagues(user: AiUser, query: string): Promise<AiColleague[]>;
  /** the catalogue the user may start from */
  listStartableFlows(user: AiUser): Promise<AiStartableFlow[]>;
  menuEntries(): AiMenuEntry[];
  /** published articles in channels the user reads (the 资讯 list's rules), newest first */
  searchNews(user: AiUser, keyword: string, limit: number): Promise<AiFound<AiNews>>;
  /** the user's own received and sent mail, only what the mail policy lets them read, newest first */
  searchMail(user: AiUser, keyword: string, limit: number): Promise<AiFound<AiMail>>;
}
