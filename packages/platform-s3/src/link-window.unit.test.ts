import { randomBytes } from 'node:crypto';
import { SignedLinks } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { MAX_PRESIGN_SECONDS } from './config.ts';
import { linkWindow } from './link-window.ts';

const expiresAt = (window: ReturnType<typeof linkWindow>) => window.signedAt.getTime() / 1000 + window.expiresInSeconds;

describe('linkWindow', () => {
  it("ends a link when the embedded shape's SignedLinks would, for short and long lifetimes at any second", () => {
    const links = new SignedLinks(randomBytes(32), 'http://127.0.0.1/files');
    const start = Date.parse('2026-03-10T15:00:00Z');
    for (const ttl of [
      1,
      59,
      60,
      119,
      120,
      121,
      3599,
      3600,
      86_400 + 17,
      MAX_PRESIGN_SECONDS - 1,
      MAX_PRESIGN_SECONDS,
    ]) {
      for (let second = 0; second < 120; second += 7) {
        const now = new Date(start + second * 1000 + 250);
        const embedded = Number(new URL(links.sign('t/a.xml', ttl, now)).searchParams.get('expires'));
        expect(expiresAt(linkWindow(now, ttl)), `ttl ${ttl} at +${second}s`).toBe(embedded);
      }
    }
  });

  it('never dates a link after now, and never asks S3 for more than its 7-day ceiling', () => {
    const now = new Date('2026-03-10T15:00:59.900Z');
    for (const ttl of [1, 120, MAX_PRESIGN_SECONDS - 1, MAX_PRESIGN_SECONDS, 30 * 24 * 3600]) {
      const window = linkWindow(now, ttl);
      expect(window.signedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(window.expiresInSeconds).toBeGreaterThanOrEqual(1);
      expect(window.expiresInSeconds).toBeLessThanOrEqual(MAX_PRESIGN_SECONDS);
    }
    expect(expiresAt(linkWindow(now, 30 * 24 * 3600))).toBe(Date.parse('2026-03-17T15:00:00Z') / 1000); // cut to 7 days, on the minute
  });

  it('gives the same window for the whole minute, so the same link is handed out again', () => {
    const first = linkWindow(new Date('2026-03-10T15:00:01Z'), 3600);
    const last = linkWindow(new Date('2026-03-10T15:00:59Z'), 3600);
    expect(last).toEqual(first);
    expect(first).toEqual({ signedAt: new Date('2026-03-10T15:00:00Z'), expiresInSeconds: 3600 });
  });
});
