// Starts the app on a page the server sent rendered: the page is painted first, and only then are the
// app's scripts fetched and run, so a phone shows the page without first loading and running the app. The server
// names them in <script type="application/json" id="app-scripts">: the entry, and the screen's code to preload
// (the first one is the screen's own, which the app waits for before it takes the page over).
const { entry, preloads } = JSON.parse(document.getElementById('app-scripts').textContent);

requestAnimationFrame(() =>
  setTimeout(() => {
    for (const [index, href] of preloads.entries()) {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href });
      if (index === 0) link.dataset.screen = '';
      document.head.append(link);
    }
    import(entry);
  }),
);
