import { describe, expect, it } from 'vitest';
import { readServerConfig } from './config';

describe('readServerConfig', () => {
  it('reads REGISTER_LIMIT_PER_HOUR as a whole number, and leaves the default without it', () => {
    expect(readServerConfig({}, []).registerLimitPerHour).toBeUndefined();
    expect(readServerConfig({ REGISTER_LIMIT_PER_HOUR: '' }, []).registerLimitPerHour).toBeUndefined();
    expect(readServerConfig({ REGISTER_LIMIT_PER_HOUR: '500' }, []).registerLimitPerHour).toBe(500);
  });

  it.each(['0', '-5', '2.5', 'many', '2000000'])('refuses REGISTER_LIMIT_PER_HOUR=%s with a message for the person starting the server', (value) => {
    expect(() => readServerConfig({ REGISTER_LIMIT_PER_HOUR: value }, [])).toThrow(`REGISTER_LIMIT_PER_HOUR must be a whole number from 1 to 1000000, not '${value}'.`);
  });
});
