// Stylesheets are imported for their side effect: esbuild gathers them into the page's CSS. TypeScript 7
// checks that every side-effect import resolves to something it knows; this tells it what a `.css` is.
declare module '*.css'
