/** Block start and end times: the instant as wall-clock time at the block's UTC offset. */
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../src/core/dates.js';

/** The same text through Date: wall-clock time from toISOString, then the offset. */
function throughDate(epochMs: number, offsetMinutes: number): string {
  const wall = new Date(epochMs + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const absolute = Math.abs(offsetMinutes);
  return `${wall}${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

describe('forecast timestamps', () => {
  it('writes known instants at their offsets', () => {
    expect(formatTimestamp(Date.parse('2024-06-15T12:00:00Z'), 0)).toBe('2024-06-15T12:00:00+00:00');
    expect(formatTimestamp(Date.parse('2024-06-15T03:00:00Z'), -300)).toBe('2024-06-14T22:00:00-05:00');
    expect(formatTimestamp(Date.parse('2024-12-31T20:15:00Z'), 345)).toBe('2025-01-01T02:00:00+05:45');
    expect(formatTimestamp(Date.parse('2024-02-28T23:30:00Z'), 30)).toBe('2024-02-29T00:00:00+00:30');
    expect(formatTimestamp(Date.parse('1969-12-31T23:59:59.999Z'), 0)).toBe('1969-12-31T23:59:59+00:00');
  });

  it('agrees with Date over random instants, offsets and years, outside 0–9999 too', () => {
    let seed = 12345;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const offsets = [-720, -570, -300, -210, 0, 60, 330, 345, 525, 765, 840, -0.5, 17.5];
    for (let i = 0; i < 20_000; i++) {
      // 1900–2100 mostly; years -50…-1 and 9990–10050 sometimes.
      const span = i % 10 === 0 ? [Date.UTC(-50, 0, 1), Date.UTC(-1, 11, 31)] : i % 10 === 1 ? [Date.UTC(9990, 0, 1), Date.UTC(10050, 0, 1)] : [Date.UTC(1900, 0, 1), Date.UTC(2100, 0, 1)];
      const epochMs = Math.floor(span[0]! + next() * (span[1]! - span[0]!));
      const hourly = i % 3 === 0 ? Math.floor(epochMs / 3_600_000) * 3_600_000 : epochMs;
      const offset = offsets[Math.floor(next() * offsets.length)]!;
      expect(formatTimestamp(hourly, offset)).toBe(throughDate(hourly, offset));
    }
  });
});
