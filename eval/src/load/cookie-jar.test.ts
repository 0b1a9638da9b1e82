import { describe, expect, it } from 'vitest';
import { createCookieJar } from './cookie-jar.js';

describe('cookie jar', () => {
  it('keeps cookies like a browser and sends them back', () => {
    const jar = createCookieJar();
    expect(jar.header()).toBeNull();
    jar.remember(['quarry_client=abc; Path=/; HttpOnly; SameSite=Lax', 'theme=dark']);
    expect(jar.get('quarry_client')).toBe('abc');
    expect(jar.header()).toBe('quarry_client=abc; theme=dark');
    jar.remember(['theme=; Max-Age=0']);
    expect(jar.header()).toBe('quarry_client=abc');
  });
});
