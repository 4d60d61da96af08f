// Operator HTML (agreements, and any configured text shown as HTML) is sanitised by the server already;
// the web cleans it once more before rendering, conservatively, so that a text written straight into the
// database or a server bug can never run a script here. An allow-list, not a block-list: unknown tags are
// unwrapped to their text, every attribute is dropped but a link's http(s) address, and the contents of
// script-like tags are dropped whole.

const KEPT_TAGS = new Set([
  'P',
  'BR',
  'UL',
  'OL',
  'LI',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'SMALL',
  'SPAN',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'A',
]);
const DROPPED_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
  'TEXTAREA',
  'SELECT',
  'HEAD',
  'TITLE',
  'META',
  'LINK',
  'BASE',
  'FRAME',
  'FRAMESET',
]);
const SAFE_HREF = /^https?:\/\//i;

function copyInto(from: ParentNode, to: Node, doc: Document) {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!KEPT_TAGS.has(tag)) {
      copyInto(element, to, doc);
      continue;
    }
    const clean = doc.createElement(tag.toLowerCase());
    const href = tag === 'A' ? element.getAttribute('href')?.trim() : undefined;
    if (href && SAFE_HREF.test(href)) {
      clean.setAttribute('href', href);
      clean.setAttribute('target', '_blank');
      clean.setAttribute('rel', 'noopener noreferrer');
    }
    copyInto(element, clean, doc);
    to.appendChild(clean);
  }
}

/** The HTML with only harmless tags and no attributes but safe link addresses. */
export function safeHtml(html: string): string {
  // A template's content is inert: parsing it runs no script and loads no image.
  const template = document.createElement('template');
  template.innerHTML = html;
  const out = document.createElement('div');
  copyInto(template.content, out, document);
  return out.innerHTML;
}
