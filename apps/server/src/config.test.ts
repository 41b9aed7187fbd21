import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.pinnedNow).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('pins the clock from SLIPSTREAM_NOW', () => {
    expect(loadConfig({ SLIPSTREAM_NOW: '2025-07-05T12:00:00Z' }).pinnedNow?.toISOString()).toBe('2025-07-05T12:00:00.000Z');
  });

  it('names the variable and what it expects when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ SLIPSTREAM_NOW: 'tomorrow' })).toThrow(/SLIPSTREAM_NOW: an ISO 8601 instant/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: a postgres:\/\/ URL/);
  });
});
