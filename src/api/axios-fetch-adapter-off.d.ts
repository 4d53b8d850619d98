/** See axios-fetch-adapter-off.js: axios's fetch adapter module, switched off. */
export declare const getFetch: () => false;
declare const adapter: false;
export default adapter;
