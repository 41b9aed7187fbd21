// The bench's reference: React and nothing else, built and served like the site, measured in the same run.
/* global document */
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('app')).render(
  h('main', null, h('h1', null, 'Reference page'), h('p', null, 'A blank React page: what any page of this stack costs before its own code.')),
);
