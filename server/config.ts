import path from 'node:path';
import { PREVIEW_MAX_MB_DEFAULT } from '@contract/preview';
import type { AdmissionLimits } from './plugins/admission';

/** Every server setting, read once from the environment (see loadConfig). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** unset → embedded PGlite under `${dataDir}/pgdata` */
  databaseUrl: string | null;
  /** PostgreSQL: connections of each of the process's two pools (ordinary and planned-once) */
  dbPoolSize: number;
  staticDir: string;
  sessionTtlDays: number;
  uploadMaxMb: number;
  /** an Idempotency-Key claim still unanswered after this long belongs to a crashed process and may be retried */
  idempotencyStaleSeconds: number;
  gatewayUrl: string;
  fileBaseUrl: string;
  thirdpartyJwtSecret: string | null;
  /** DingTalk login; with agentId also the DingTalk channel (工作通知) */
  dingtalk: {
    appKey: string | null;
    appSecret: string | null;
    apiBase: string;
    agentId: string | null;
    /** the corp's id (DINGTALK_CORP_ID): in the reminders' links, for the entry's requestAuthCode inside DingTalk */
    corpId: string | null;
  };
  /** WeCom JS-SDK; with agentId also the Wechat channel (应用消息) */
  wecom: { corpId: string | null; corpSecret: string | null; apiBase: string; agentId: string | null };
  /** the sms channel over Aliyun 短信服务 SendSms; configured when all four credentials are set */
  sms: {
    accessKeyId: string | null;
    accessKeySecret: string | null;
    signName: string | null;
    templateCode: string | null;
    apiBase: string;
  };
  trustProxy: boolean | string;
  logger: boolean;
  /** who sees whom in the org pickers and address book: the whole group, or only the caller's own company */
  orgVisibility: OrgVisibility;
  /** the bounded queue in front of the database (plugins/admission.ts); null = none */
  admission: AdmissionLimits | null;
  /** Web Push (the app channel outside the app): VAPID keys from the environment, else made once in the database */
  push: { vapidPublicKey: string | null; vapidPrivateKey: string | null; subject: string; endpointAllowlist: string[] };
  /** the longest one reminder send may take, every vendor call of it included; past it the send is a retry */
  deliverySendTimeoutSeconds: number;
  /** how long a claimed delivery is this process's; past it (the process died mid-send) another may claim it */
  deliveryLeaseSeconds: number;
  /** seconds an unshown push waits before the next chosen channel goes out (0: all chosen channels at once) */
  reminderEscalateSeconds: number;
  /** how often each process looks for due node time limits (flow/timers) when none was due at the last look */
  flowTimerPollMs: number;
  /** the email channel; null url = not configured (the channel is not offered) */
  smtp: { url: string | null; from: string };
  /** the address staff open the app at, for links in reminders that leave it (email) */
  appPublicUrl: string;
  /** where uploaded files live: the local disk under DATA_DIR (default) or an S3-compatible bucket */
  storage: StorageConfig;
  /** GET /metrics: answered to loopback callers, and to others sending this bearer token */
  metricsToken: string | null;
  /** on SIGTERM/SIGINT, how long in-flight requests may take to finish before the process exits anyway */
  shutdownTimeoutSeconds: number;
  /**
   * office preview (server/modules/preview): the LibreOffice command, its time limit, the largest file previewed,
   * what an office file may inflate to, and how many conversions run at once (each person in at most one)
   */
  preview: { soffice: string; convertTimeoutMs: number; maxMb: number; maxInflatedMb: number; slots: number };
}

export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      forcePathStyle: boolean;
    };

export type OrgVisibility = 'group' | 'company';

function orgVisibility(raw: string | undefined): OrgVisibility {
  if (!raw) return 'group';
  if (raw === 'group' || raw === 'company') return raw;
  throw new Error(`ORG_VISIBILITY must be group or company, got "${raw}"`);
}

type Env = Record<string, string | undefined>;

function text(env: Env, key: string, fallback: string): string {
  const value = env[key]?.trim();
  return value ? value : fallback;
}

function optional(env: Env, key: string): string | null {
  const value = env[key]?.trim();
  return value ? value : null;
}

function positive(env: Env, key: string, fallback: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  // a typo in a deployment file must stop the start, not silently fall back
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${key} must be a positive number, got "${raw}"`);
  return value;
}

function trustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  return raw; // an address list / CIDR understood by fastify's trustProxy
}

/** Builds the server config from an environment map (process.env in production, a plain object in tests). */
export function loadConfig(env: Env = process.env): ServerConfig {
  const dataDir = path.resolve(text(env, 'DATA_DIR', './data'));
  const deliverySendTimeoutSeconds = positive(env, 'DELIVERY_SEND_TIMEOUT_SECONDS', 15);
  return {
    port: positive(env, 'PORT', 8080),
    host: text(env, 'HOST', '0.0.0.0'),
    dataDir,
    databaseUrl: optional(env, 'DATABASE_URL'),
    staticDir: path.resolve(text(env, 'STATIC_DIR', './dist')),
    sessionTtlDays: positive(env, 'SESSION_TTL_DAYS', 7),
    uploadMaxMb: positive(env, 'UPLOAD_MAX_MB', 50),
    idempotencyStaleSeconds: positive(env, 'IDEMPOTENCY_STALE_SECONDS', 120),
    gatewayUrl: text(env, 'GATEWAY_URL', ''),
    fileBaseUrl: text(env, 'FILE_BASE_URL', ''),
    thirdpartyJwtSecret: optional(env, 'THIRDPARTY_JWT_SECRET'),
    dingtalk: {
      appKey: optional(env, 'DINGTALK_APP_KEY'),
      appSecret: optional(env, 'DINGTALK_APP_SECRET'),
      apiBase: text(env, 'DINGTALK_API_BASE', 'https://oapi.dingtalk.com').replace(/\/+$/, ''),
      agentId: optional(env, 'DINGTALK_AGENT_ID'),
      corpId: optional(env, 'DINGTALK_CORP_ID'),
    },
    wecom: {
      corpId: optional(env, 'WECOM_CORP_ID'),
      corpSecret: optional(env, 'WECOM_CORP_SECRET'),
      apiBase: text(env, 'WECOM_API_BASE', 'https://qyapi.weixin.qq.com').replace(/\/+$/, ''),
      agentId: optional(env, 'WECOM_AGENT_ID'),
    },
    sms: {
      accessKeyId: optional(env, 'SMS_ACCESS_KEY_ID'),
      accessKeySecret: optional(env, 'SMS_ACCESS_KEY_SECRET'),
      signName: optional(env, 'SMS_SIGN_NAME'),
      templateCode: optional(env, 'SMS_TEMPLATE_CODE'),
      apiBase: text(env, 'SMS_API_BASE', 'https://dysmsapi.aliyuncs.com').replace(/\/+$/, ''),
    },
    trustProxy: trustProxy(env.TRUST_PROXY?.trim()),
    logger: env.LOG_LEVEL !== 'silent',
    orgVisibility: orgVisibility(env.ORG_VISIBILITY?.trim()),
    admission: admission(env),
    dbPoolSize: positive(env, 'DB_POOL_SIZE', 10),
    push: {
      vapidPublicKey: optional(env, 'VAPID_PUBLIC_KEY'),
      vapidPrivateKey: optional(env, 'VAPID_PRIVATE_KEY'),
      subject: text(env, 'VAPID_SUBJECT', 'mailto:admin@example.com'),
      endpointAllowlist: originList(env.PUSH_ENDPOINT_ALLOWLIST),
    },
    deliverySendTimeoutSeconds,
    // a live process's claim must outlast its send and the write that records it, or another process sends it again
    deliveryLeaseSeconds: Math.max(deliverySendTimeoutSeconds + 5, positive(env, 'DELIVERY_LEASE_SECONDS', 60)),
    reminderEscalateSeconds:
      env.REMINDER_ESCALATE_SECONDS?.trim() === '0' ? 0 : positive(env, 'REMINDER_ESCALATE_SECONDS', 60),
    flowTimerPollMs: Math.max(50, positive(env, 'FLOW_TIMER_POLL_MS', 10_000)),
    smtp: { url: optional(env, 'SMTP_URL'), from: text(env, 'SMTP_FROM', '协同办公系统 <no-reply@localhost>') },
    appPublicUrl: text(env, 'APP_PUBLIC_URL', 'http://localhost:8080').replace(/\/+$/, ''),
    storage: storage(env),
    metricsToken: optional(env, 'METRICS_TOKEN'),
    shutdownTimeoutSeconds: positive(env, 'SHUTDOWN_TIMEOUT_SECONDS', 25),
    preview: {
      soffice: text(env, 'SOFFICE_PATH', 'soffice'),
      convertTimeoutMs: positive(env, 'PREVIEW_CONVERT_TIMEOUT_MS', 60_000),
      maxMb: positive(env, 'PREVIEW_MAX_MB', PREVIEW_MAX_MB_DEFAULT),
      maxInflatedMb: positive(env, 'PREVIEW_MAX_INFLATED_MB', 100),
      slots: Math.max(1, Math.floor(positive(env, 'PREVIEW_CONVERT_SLOTS', 2))),
    },
  };
}

/** A comma-separated list of origins (scheme://host[:port]); a malformed entry stops the start. */
function originList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      try {
        return new URL(entry).origin;
      } catch {
        throw new Error(`PUSH_ENDPOINT_ALLOWLIST holds an entry that is no origin: "${entry}"`);
      }
    });
}

/**
 * The embedded database answers one statement at a time, so it gets a bounded queue by default; PostgreSQL only
 * when DB_MAX_CONCURRENT is set. DB_ADMISSION=off turns it off (tests that fire bursts on purpose).
 */
function admission(env: Env): AdmissionLimits | null {
  if (env.DB_ADMISSION?.trim() === 'off') return null;
  if (optional(env, 'DATABASE_URL') && !optional(env, 'DB_MAX_CONCURRENT')) return null;
  return {
    concurrent: positive(env, 'DB_MAX_CONCURRENT', 6),
    queue: positive(env, 'DB_MAX_QUEUE', 100),
    waitMs: positive(env, 'DB_QUEUE_WAIT_MS', 400),
    deadlineMs: positive(env, 'DB_READ_DEADLINE_MS', 500),
  };
}

/**
 * S3_BUCKET switches files to object storage; the other S3_* settings only make sense with it. Without keys the
 * client's default chain is used (instance roles), so only a half-given key pair stops the start.
 */
function storage(env: Env): StorageConfig {
  const bucket = optional(env, 'S3_BUCKET');
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].find((key) => optional(env, key));
    if (stray) throw new Error(`${stray} is set but S3_BUCKET is not: set S3_BUCKET to store files in object storage`);
    return { kind: 'disk' };
  }
  const accessKeyId = optional(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = optional(env, 'S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim();
  if (pathStyle && !['true', 'false', '1', '0'].includes(pathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  return {
    kind: 's3',
    endpoint: optional(env, 'S3_ENDPOINT'),
    bucket,
    region: text(env, 'S3_REGION', 'us-east-1'),
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  };
}
