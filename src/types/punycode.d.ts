// punycode.js ships no type declarations; only what the Markdown renderer uses.
declare module 'punycode.js' {
  export function toASCII(domain: string): string
  export function toUnicode(domain: string): string
}
