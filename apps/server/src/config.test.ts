import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.pinnedNow).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('stops statements after 5 s unless DATABASE_STATEMENT_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(5000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '2500' }).databaseStatementTimeoutMs).toBe(2500);
  });

  it('pins the clock from SLIPSTREAM_NOW', () => {
    expect(loadConfig({ SLIPSTREAM_NOW: '2025-07-05T12:00:00Z' }).pinnedNow?.toISOString()).toBe('2025-07-05T12:00:00.000Z');
  });

  it('names the variable and what it expects when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ SLIPSTREAM_NOW: 'tomorrow' })).toThrow(/SLIPSTREAM_NOW: an ISO 8601 instant/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: a postgres:\/\/ URL/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '10' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });

  it('reads the official F1 and RaceFans feeds every 30 minutes by default', () => {
    const config = loadConfig({});
    expect(config.newsFeeds).toEqual([
      { source: 'formula1', url: 'https://www.formula1.com/en/latest/all.xml', everyMinutes: 30 },
      { source: 'racefans', url: 'https://www.racefans.net/feed/', everyMinutes: 30 },
    ]);
    expect(config.newsRefresh).toBe(true);
  });

  it('reads NEWS_FEEDS as JSON, with 30 minutes when a feed names no interval', () => {
    const feeds = '[{"source":"paddock","url":"http://127.0.0.1:8080/feed.xml","everyMinutes":5},{"source":"other","url":"https://o.example/rss"}]';
    expect(loadConfig({ NEWS_FEEDS: feeds, NEWS_REFRESH: 'false' })).toMatchObject({
      newsFeeds: [
        { source: 'paddock', url: 'http://127.0.0.1:8080/feed.xml', everyMinutes: 5 },
        { source: 'other', url: 'https://o.example/rss', everyMinutes: 30 },
      ],
      newsRefresh: false,
    });
    expect(loadConfig({ NEWS_FEEDS: '[]' }).newsFeeds).toEqual([]);
  });

  it('names NEWS_FEEDS and the fault when it is not a valid list of feeds', () => {
    expect(() => loadConfig({ NEWS_FEEDS: 'formula1=https://x' })).toThrow(/NEWS_FEEDS: a JSON array of/);
    expect(() => loadConfig({ NEWS_FEEDS: '[{"source":"x","url":"javascript:alert(1)"}]' })).toThrow(/NEWS_FEEDS\.0\.url: an http or https URL/);
    expect(() => loadConfig({ NEWS_FEEDS: '[{"source":"Bad Name","url":"https://x.example"}]' })).toThrow(/NEWS_FEEDS\.0\.source: a source name/);
    expect(() => loadConfig({ NEWS_FEEDS: '[{"source":"a","url":"https://x.example"},{"source":"a","url":"https://y.example"}]' })).toThrow(
      /NEWS_FEEDS: each source name once/,
    );
    expect(() => loadConfig({ NEWS_REFRESH: 'no' })).toThrow(/NEWS_REFRESH/);
    expect(() => loadConfig({ NEWS_MAX_FEED_BYTES: '10' })).toThrow(/NEWS_MAX_FEED_BYTES/);
  });

  it('reads the accounts settings: public URL, mail and OAuth clients with overridable URLs', () => {
    const defaults = loadConfig({ PORT: '4000' });
    expect(defaults.publicUrl).toBe('http://localhost:4000');
    expect(defaults.smtpUrl).toBeUndefined();
    expect(defaults.mailFrom).toBe('Slipstream <no-reply@localhost>');
    expect(defaults.google).toBeUndefined();
    expect(defaults.github).toBeUndefined();

    const config = loadConfig({
      PUBLIC_URL: 'https://slipstream.example/',
      SMTP_URL: 'smtp://mail.example:587',
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_TOKEN_URL: 'http://127.0.0.1:9000/token',
    });
    expect(config.publicUrl).toBe('https://slipstream.example');
    expect(config.google).toEqual({ clientId: 'g-id', clientSecret: 'g-secret', issuerUrl: 'https://accounts.google.com' });
    expect(config.github).toEqual({
      clientId: 'gh-id',
      clientSecret: 'gh-secret',
      authorizeUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:9000/token',
      userinfoUrl: 'https://api.github.com/user',
    });
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'only-the-id' }).google).toBeUndefined();
  });

  it('refuses bad accounts settings, and development fallbacks in production', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'slipstream.example' })).toThrow(/PUBLIC_URL: an http:\/\/ or https:\/\/ URL/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL: an smtp:\/\/ or smtps:\/\/ URL/);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), PUBLIC_URL: 'https://slipstream.example', SMTP_URL: 'smtps://mail.example' };
    expect(loadConfig(production).sessionSecret).toBe('s'.repeat(32));
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: required in production/);
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(/SMTP_URL: required in production/);
    expect(() => loadConfig({ ...production, GOOGLE_ISSUER_URL: 'http://127.0.0.1:8080' })).toThrow(/GOOGLE_ISSUER_URL: must be an https:\/\/ URL in production/);
  });

  it('reads REDIS_URL, unset by default', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: a redis:\/\/ or rediss:\/\/ URL/);
  });

  it('trusts no proxy by default, and the listed addresses, ranges and names with TRUST_PROXY', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8 ,192.168.1.7' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.7',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example', '10.0.0.0/8/1', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: false, or a comma list/);
    }
  });

  it('reads F1’s live-timing archive by default and polls it, unless LIVETIMING_SYNC is false', () => {
    expect(loadConfig({})).toMatchObject({ liveTimingUrl: 'https://livetiming.formula1.com', liveTimingSync: true, liveTimingPollMs: 60_000 });
    expect(loadConfig({ LIVETIMING_POLL_SECONDS: '5' })).toMatchObject({ liveTimingPollMs: 5_000 });
    expect(() => loadConfig({ LIVETIMING_POLL_SECONDS: '0' })).toThrow(/LIVETIMING_POLL_SECONDS/);
    expect(loadConfig({ LIVETIMING_URL: 'http://127.0.0.1:4200/', LIVETIMING_SYNC: 'false' })).toMatchObject({
      liveTimingUrl: 'http://127.0.0.1:4200',
      liveTimingSync: false,
    });
    expect(() => loadConfig({ LIVETIMING_URL: 'livetiming.formula1.com' })).toThrow(/LIVETIMING_URL: an http:\/\/ or https:\/\/ URL/);
    expect(() => loadConfig({ LIVETIMING_SYNC: 'off' })).toThrow(/LIVETIMING_SYNC/);
  });

  it('holds the live feed during sessions except in tests, unless LIVETIMING_FEED says otherwise', () => {
    expect(loadConfig({}).liveTimingFeed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).liveTimingFeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', LIVETIMING_FEED: 'true' }).liveTimingFeed).toBe(true);
    expect(loadConfig({ LIVETIMING_FEED: 'false' }).liveTimingFeed).toBe(false);
    expect(() => loadConfig({ LIVETIMING_FEED: 'yes' })).toThrow(/LIVETIMING_FEED/);
  });
});
