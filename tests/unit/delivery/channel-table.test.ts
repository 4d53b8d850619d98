import { describe, expect, it } from 'vitest';
import { reminderChannels } from '../../../contract/upms';
import {
  CHANNEL_ROUTES,
  configuredChannels,
  deliveryStatusOf,
  IN_APP_ONLY,
  routeOfKind,
  type ChannelConfig,
} from '../../../server/modules/delivery/channels';

const apiBase = 'https://vendor.example';
const none: ChannelConfig = {
  smtp: { url: null, from: 'oa@example.com' },
  wecom: { corpId: null, corpSecret: null, agentId: null, apiBase },
  dingtalk: { appKey: null, appSecret: null, agentId: null, corpId: null, apiBase },
  sms: { accessKeyId: null, accessKeySecret: null, signName: null, templateCode: null, apiBase },
};
const all: ChannelConfig = {
  smtp: { url: 'smtp://relay.example', from: 'oa@example.com' },
  wecom: { corpId: 'c', corpSecret: 's', agentId: '1', apiBase },
  dingtalk: { appKey: 'k', appSecret: 's', agentId: '1', corpId: null, apiBase },
  sms: { accessKeyId: 'a', accessKeySecret: 's', signName: 'OA', templateCode: 'T', apiBase },
};

describe('the table of reminder channels', () => {
  it('routes each channel of the contract at most once, each to an outbox kind of its own', () => {
    for (const channel of Object.keys(CHANNEL_ROUTES)) expect(Object.keys(reminderChannels)).toContain(channel);
    const kinds = Object.values(CHANNEL_ROUTES).map((route) => route.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const kind of kinds) expect(routeOfKind(kind)?.kind).toBe(kind);
  });

  it('offers the app always and the others once their settings are there, in one order', () => {
    expect(configuredChannels(none)).toEqual(['app']);
    expect(configuredChannels(all)).toEqual(['app', 'email', 'Wechat', 'DingTalk', 'sms']);
    expect(IN_APP_ONLY).toEqual(['app']);
  });

  it('records the inbox as delivered, a configured channel as queued, anything else as logged', () => {
    const configured = configuredChannels(all);
    expect(deliveryStatusOf('app', IN_APP_ONLY)).toBe('delivered');
    expect(deliveryStatusOf('sms', configured)).toBe('queued');
    expect(deliveryStatusOf('sms', IN_APP_ONLY)).toBe('logged');
    expect(deliveryStatusOf('DjIm', configured)).toBe('logged');
  });

  it('has a vendor sender exactly for the configured vendor channels', () => {
    for (const [channel, route] of Object.entries(CHANNEL_ROUTES)) {
      if (!route.vendor) continue;
      expect(route.vendor(none), channel).toBeNull();
      expect(route.vendor(all), channel).not.toBeNull();
    }
  });
});
