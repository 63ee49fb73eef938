import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('account area configuration', () => {
  it('takes sign-up on by default, AGWX_SIGNUP=off turns it off, anything else stops the start', () => {
    expect(loadConfig({}).signupEnabled).toBe(true);
    expect(loadConfig({ AGWX_SIGNUP: 'off' }).signupEnabled).toBe(false);
    expect(loadConfig({ AGWX_SIGNUP: 'ON' }).signupEnabled).toBe(true);
    expect(() => loadConfig({ AGWX_SIGNUP: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ AGWX_SIGNUP: 'maybe' })).toThrow(/AGWX_SIGNUP must be on or off/);
  });

  it('trusts proxy headers only with AGWX_TRUST_PROXY=on', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ AGWX_TRUST_PROXY: 'on' }).trustProxy).toBe(true);
  });
});
