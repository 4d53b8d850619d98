// Stylesheets are imported for their side effect (rsbuild bundles them); TypeScript 7 checks side-effect imports.
declare module '*.css';
