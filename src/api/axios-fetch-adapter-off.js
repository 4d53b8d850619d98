/*
 * Stands in for axios/lib/adapters/fetch.js in the client build (scripts/axios-without-fetch-adapter.ts): the app
 * sends through the xhr adapter and the AI stream calls fetch itself, so the fetch adapter (≈ 4.5 KB gzip) is dead
 * weight on every first load. adapters.js reads `getFetch(config)`; a falsy answer means "not supported here", so a
 * request that asked for `adapter: 'fetch'` fails with axios's own error instead of sending a different way.
 */
export const getFetch = () => false;

export default false;
