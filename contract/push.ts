/** GET /api/push/vapid-public-key data: the server's VAPID public key, base64url of the 65-byte P-256 point. */
export type VapidPublicKey = string;

/** What a device's push looks like to the API (GET /api/push/subscriptions). */
export interface PushDevice {
  id: string;
  endpointOrigin: string;
  userAgent: string | null;
  createdAt: string;
  /** the last notification this device's service worker reported shown, and when (null: none confirmed yet) */
  lastShown: { title: string; at: string } | null;
}

/**
 * The JSON payload of every Web Push the server sends; `url` is the in-app path of the item. `receipt` is this
 * delivery's one-time receipt token (the server keeps only its hash), which the service worker sends back to
 * POST /api/push/receipts when it shows the notification and when it is tapped; `badge` is the receiver's 待办 count
 * for the app icon (navigator.setAppBadge), the number the home page shows there too. `approve`, on a 待办 whose 同意
 * needs no input, is the receiver's task and a one-time action token for
 * POST /api/flow/tasks/:id/approve-from-notification (the notification's 同意 button; the server keeps only its hash).
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  receipt: string;
  badge: number;
  approve?: PushApproveAction;
}

/** 同意 from a notification: which task, and the token that authorises approving it once as the push's receiver. */
export interface PushApproveAction {
  taskId: string;
  token: string;
}

/** What a device's service worker reports for one push (POST /api/push/receipts). */
export const PUSH_RECEIPT_EVENTS = ['shown', 'opened'] as const;
export type PushReceiptEvent = (typeof PUSH_RECEIPT_EVENTS)[number];

/**
 * GET /api/push/dropped data: endpoints of the caller's devices that the push service said are gone (404/410). The
 * app compares them with the endpoint this device last subscribed with and, when it is among them, offers to turn
 * push on again (本机消息推送已失效，点此重新开启).
 */
export type DroppedPushEndpoints = string[];
