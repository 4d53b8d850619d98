/** GET /api/push/vapid-public-key data: the server's VAPID public key, base64url of the 65-byte P-256 point. */
export type VapidPublicKey = string;

/** What a device's push looks like to the API (GET /api/push/subscriptions). */
export interface PushDevice {
  id: string;
  endpointOrigin: string;
  userAgent: string | null;
  createdAt: string;
}

/** The JSON payload of every Web Push the server sends; `url` is the in-app path of the item. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}
