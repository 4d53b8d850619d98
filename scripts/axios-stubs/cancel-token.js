/*
 * Stands in for axios/lib/cancel/CancelToken.js in the client build (scripts/axios-unused-parts.ts): the app cancels
 * with AbortSignal. axios reads `config.cancelToken` only when a caller passed one, and nothing constructs the class,
 * so what stays is a loud failure for a caller that tries.
 */
export default class CancelToken {
  constructor() {
    throw new Error('axios CancelToken is not in this build: pass an AbortSignal as `signal`');
  }

  static source() {
    return new CancelToken();
  }
}
