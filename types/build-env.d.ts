// The client build replaces process.env.NODE_ENV with a literal (rsbuild's define); the browser has no `process`.
declare const process: { readonly env: { readonly NODE_ENV?: string } };
