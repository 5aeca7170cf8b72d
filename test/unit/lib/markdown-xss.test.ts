// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '#src/lib/markdown'
import { sanitizeHtml } from '#src/lib/sanitize-html'

/** Vectors from the OWASP XSS Filter Evasion Cheat Sheet (and a few DOMPurify/markdown classics). */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(\'XSS\')>',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a onmouseover=alert(document.cookie)>xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=http://xss.rocks/xss.js?< B >',
  '<SCRIPT SRC=//xss.rocks/.j>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '<iframe src=http://xss.rocks/scriptlet.html <',
  '\\";alert(\'XSS\');//',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<IMG LOWSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<svg/onload=alert(\'XSS\')>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<BODY ONLOAD=alert(\'XSS\')>',
  '<BGSOUND SRC="javascript:alert(\'XSS\');">',
  '<BR SIZE="&{alert(\'XSS\')}">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<a href="javascript:alert(1)">clic</a>',
  '<a href="JaVaScRiPt:alert(1)">clic</a>',
  '<a href=" javascript:alert(1)">clic</a>',
  '<a href="&#106;avascript:alert(1)">clic</a>',
  '<a href="vbscript:msgbox(1)">clic</a>',
  '<a href="data:text/html,<script>alert(1)</script>">clic</a>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xss id=x tabindex=1 onfocus=alert(1)></xss>',
  '"><img src=x onerror=alert(1)>',
]

const DANGEROUS_URL = /^\s*(javascript|vbscript|data:text|data:application|data:image\/svg)/i
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'dynsrc', 'lowsrc', 'data', 'poster', 'srcset']
const FORBIDDEN_ELEMENTS = ['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'base', 'meta', 'link', 'style', 'applet', 'bgsound']

/** Everything in the output that could run code, found through the DOM rather than with regexes. */
function executableParts(html: string): string[] {
  const template = document.createElement('template')
  template.innerHTML = html
  const problems: string[] = []
  for (const element of template.content.querySelectorAll('*')) {
    const name = element.localName.toLowerCase()
    if (FORBIDDEN_ELEMENTS.includes(name)) problems.push(`<${name}>`)
    for (const attribute of element.attributes) {
      const attr = attribute.name.toLowerCase()
      if (attr.startsWith('on')) problems.push(`${name}[${attr}]`)
      if (attr === 'srcdoc' || attr === 'style') problems.push(`${name}[${attr}]`)
      if (URL_ATTRIBUTES.includes(attr) && DANGEROUS_URL.test(attribute.value)) problems.push(`${name}[${attr}=${attribute.value}]`)
    }
  }
  return problems
}

describe('XSS corpus', () => {
  it('has at least 50 OWASP vectors', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(50)
  })

  it.each(VECTORS)('raw HTML in Markdown: %s', (vector) => {
    expect(executableParts(renderMarkdown(vector))).toEqual([])
    expect(executableParts(renderMarkdown(`Texte avant\n\n${vector}\n\nTexte après`))).toEqual([])
  })

  it.each(VECTORS)('as a Markdown link, image and autolink target: %s', (vector) => {
    const inline = vector.replace(/\s+/g, ' ')
    for (const source of [`[clic](${inline})`, `![image](${inline})`, `<${inline}>`, `[clic][ref]\n\n[ref]: ${inline}`]) {
      expect(executableParts(renderMarkdown(source))).toEqual([])
    }
  })

  it.each(VECTORS)('straight through the sanitizer: %s', (vector) => {
    expect(executableParts(sanitizeHtml(vector))).toEqual([])
  })
})
