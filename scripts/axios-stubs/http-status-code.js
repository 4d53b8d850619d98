/*
 * Stands in for axios/lib/helpers/HttpStatusCode.js in the client build (scripts/axios-unused-parts.ts): the table of
 * status names (≈ 0.8 KB gzip on every first load) only backs `axios.HttpStatusCode`, which the app never reads.
 */
export default Object.freeze({});
