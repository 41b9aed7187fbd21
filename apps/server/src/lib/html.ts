import { Parser } from 'htmlparser2';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to write into HTML, as element content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Elements whose content is never text a reader should see. */
const hiddenElements = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'svg', 'math', 'head', 'title']);
/** Elements that separate words when the markup is flattened ("<p>a</p><p>b</p>" is "a b", not "ab"). */
const breakingElements = new Set([
  'br', 'p', 'div', 'li', 'ul', 'ol', 'tr', 'td', 'th', 'table', 'blockquote', 'section', 'article',
  'header', 'footer', 'figure', 'figcaption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'img',
]);

/**
 * Reduces HTML (or text with stray markup) to plain text: tags dropped, entities decoded, scripts and
 * styles dropped with their content, whitespace collapsed. What comes out is text, never markup, so
 * the browser shows it as such whatever it contains.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (hiddenElements.has(name)) hiddenDepth += 1;
        if (breakingElements.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (hiddenElements.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        if (breakingElements.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Cuts text to at most maxLength characters, at a word boundary when there is one, marking the cut. */
export function clip(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const endsAtWord = /\s/.test(text.charAt(maxLength - 1));
  const lastSpace = cut.lastIndexOf(' ');
  const kept = endsAtWord || lastSpace < maxLength / 2 ? cut : cut.slice(0, lastSpace);
  return `${kept.trimEnd()}…`;
}

/** htmlToText, then clip: how every stored news text field is made. */
export function plainText(html: string, maxLength: number): string {
  return clip(htmlToText(html), maxLength);
}
