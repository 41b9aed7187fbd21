import type { Plugin } from 'vite';

/**
 * Adds a preload of the named font files (their built, hashed names) to index.html, so the browser fetches the
 * typeface with the stylesheet instead of after it, and the swap happens before the first paint on most loads.
 */
export function fontPreload(options: { files: RegExp }): Plugin {
  return {
    name: 'slipstream-font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.values(context.bundle ?? {}).filter((file) => file.type === 'asset' && options.files.test(file.fileName));
        return fonts.map((font) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        }));
      },
    },
  };
}
