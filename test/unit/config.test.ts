import { describe, expect, it } from 'vitest';
import { ConfigError, createConfig } from '../../src/config';

describe('config', () => {
  it('fills defaults when nothing is set', () => {
    const c = createConfig({});
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(c.DATA_DIR).toBe('./data');
    expect(c.BOT_TOKEN).toBeUndefined();
    expect(c.S20_COMPLAINT_WINDOW_DAYS).toBe(10);
  });

  it.each([
    ['BOT_TOKEN', 'not-a-token'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'localhost:6379'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['TELEGRAM_GLOBAL_PER_SECOND', 'fast'],
    ['DEFAULT_LANGUAGE', 'fr'],
  ])('rejects a bad %s with the variable named', (name, value) => {
    let error: unknown;
    try {
      createConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message.split('\n')).toHaveLength(1);
  });

  it('requires a secret when a webhook is configured', () => {
    expect(() => createConfig({ WEBHOOK_URL: 'https://example.org/hook' })).toThrow(/WEBHOOK_SECRET/);
  });

  it('never echoes a bad token', () => {
    expect(() => createConfig({ BOT_TOKEN: 'secret-value' })).toThrow(/\*\*\*/);
  });
});
