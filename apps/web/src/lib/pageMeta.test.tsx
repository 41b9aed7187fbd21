import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageMeta, useRegistryPageMeta } from './pageMeta';

const servedPath = window.location.pathname;

/** The tags the server writes into index.html for the page it serves (modules/seo). */
function serverHead() {
  document.head.innerHTML = `
    <title>Chinese Grand Prix 2025 · Slipstream</title>
    <meta name="description" content="Served description" />
    <link rel="canonical" href="https://slipstream.example/schedule/2025/chinese-grand-prix" />
    <meta property="og:title" content="Chinese Grand Prix 2025" />
    <meta property="og:description" content="Served description" />
    <meta property="og:url" content="https://slipstream.example/schedule/2025/chinese-grand-prix" />
    <script type="application/ld+json">{"@type":"SportsEvent"}</script>`;
}

afterEach(() => {
  window.history.replaceState(null, '', servedPath);
  document.head.innerHTML = '';
});

describe('usePageMeta', () => {
  it('keeps the served page’s canonical and structured data, and sets its title and descriptions', () => {
    serverHead();
    renderHook(() => usePageMeta({ title: 'Chinese Grand Prix 2025', description: 'Client description' }));
    expect(document.title).toBe('Chinese Grand Prix 2025 · Slipstream');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Client description');
    expect(document.head.querySelector('meta[property="og:description"]')).toHaveAttribute('content', 'Client description');
    expect(document.head.querySelector('link[rel="canonical"]')).not.toBeNull();
    expect(document.head.querySelector('script[type="application/ld+json"]')).not.toBeNull();
  });

  it('updates the tab and previews on navigation and drops the tags that named the served page', () => {
    serverHead();
    window.history.pushState(null, '', '/drivers');
    renderHook(() => usePageMeta({ title: 'Driver standings 2025', description: 'Drivers' }));
    expect(document.title).toBe('Driver standings 2025 · Slipstream');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'Driver standings 2025');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:url"]')).toBeNull();
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('leaves the standing description while the new one is not known', () => {
    serverHead();
    window.history.pushState(null, '', '/vote');
    renderHook(() => usePageMeta({ title: 'Fan vote', description: undefined }));
    expect(document.title).toBe('Fan vote · Slipstream');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Served description');
  });
});

describe('useRegistryPageMeta', () => {
  it('gives a page’s registry title at once and its description once loaded', async () => {
    const { result } = renderHook(() => useRegistryPageMeta('vote'));
    expect(result.current.title).toBe('Fan vote');
    await waitFor(() => expect(result.current.description).toMatch(/^Vote for the last race’s best point scorer/));
    expect(renderHook(() => useRegistryPageMeta('home')).result.current).toEqual({ title: undefined, description: expect.stringMatching(/^The current or next/) });
  });
});
