/** Said when a call, or the code of a dialog, cannot be fetched because the device has no network. */
export const NO_NETWORK_TEXT = '网络不可用，请检查网络连接';
