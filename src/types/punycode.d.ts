// punycode.js ships no type declarations; only what the Markdown renderer uses. Its CommonJS build has
// no named exports under Node's ESM loader, hence the default export.
declare module 'punycode.js' {
  const punycode: {
    toASCII(domain: string): string
    toUnicode(domain: string): string
  }
  export default punycode
}
