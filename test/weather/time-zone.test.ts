import { describe, expect, it } from 'vitest';
import { localDate, startOfLocalDay, timeZoneAt, utcOffsetMinutes } from '../../src/weather/time-zone.js';

describe('time zones', () => {
  it('finds the zone of a location offline', () => {
    expect(timeZoneAt(42.03, -93.62)).toBe('America/Chicago');
    expect(timeZoneAt(-1.29, 36.82)).toBe('Africa/Nairobi');
    expect(timeZoneAt(52.1, 5.18)).toBe('Europe/Amsterdam');
    expect(timeZoneAt(28.61, 77.21)).toBe('Asia/Kolkata');
  });

  it('gives the same local date as the zone calendar, in time order or not, across clock changes', () => {
    // Zones with midnight clock changes (Santiago, Havana), half-hour summer time (Lord Howe), a
    // skipped day (Apia, 30 December 2011) and a date-line neighbour.
    const zones = ['America/Santiago', 'America/Havana', 'Australia/Lord_Howe', 'Pacific/Apia', 'Pacific/Kiritimati', 'Europe/Amsterdam'];
    const instants: number[] = [];
    for (let t = Date.UTC(2011, 11, 25); t < Date.UTC(2012, 0, 5); t += 7 * 60_000) instants.push(t);
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 97 * 60_000) instants.push(t);
    let seed = 7;
    const shuffled = instants.map((t) => [t, (seed = (seed * 48_271) % 2_147_483_647)] as const).sort((a, b) => a[1] - b[1]).map(([t]) => t);
    for (const zone of zones) {
      const calendar = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      for (const order of [instants, shuffled]) {
        for (const t of order) {
          const date = localDate(t, zone);
          if (date !== calendar.format(t)) expect(`${zone} ${new Date(t).toISOString()} ${date}`).toBe(calendar.format(t));
        }
      }
    }
  });

  it('gives UTC offsets with daylight saving time', () => {
    expect(utcOffsetMinutes('America/Chicago', Date.UTC(2024, 0, 15, 12))).toBe(-360);
    expect(utcOffsetMinutes('America/Chicago', Date.UTC(2024, 6, 15, 12))).toBe(-300);
    expect(utcOffsetMinutes('Asia/Kolkata', Date.UTC(2024, 6, 15, 12))).toBe(330);
    // The switch at 02:00 CST = 08:00 UTC on 10 March 2024.
    expect(utcOffsetMinutes('America/Chicago', Date.UTC(2024, 2, 10, 7, 59))).toBe(-360);
    expect(utcOffsetMinutes('America/Chicago', Date.UTC(2024, 2, 10, 8, 0))).toBe(-300);
  });

  it('gives the local date of an instant', () => {
    expect(localDate(Date.UTC(2024, 0, 1, 5, 59), 'America/Chicago')).toBe('2023-12-31');
    expect(localDate(Date.UTC(2024, 0, 1, 6, 0), 'America/Chicago')).toBe('2024-01-01');
    expect(localDate(Date.UTC(2024, 0, 1, 21, 0), 'Africa/Nairobi')).toBe('2024-01-02');
  });

  it('finds the start of local days, DST change days included', () => {
    expect(startOfLocalDay('2024-03-10', 'America/Chicago')).toBe(Date.UTC(2024, 2, 10, 6));
    expect(startOfLocalDay('2024-03-11', 'America/Chicago')).toBe(Date.UTC(2024, 2, 11, 5));
    expect(startOfLocalDay('2024-03-11', 'America/Chicago') - startOfLocalDay('2024-03-10', 'America/Chicago')).toBe(23 * 3_600_000);
    expect(startOfLocalDay('2024-11-04', 'America/Chicago') - startOfLocalDay('2024-11-03', 'America/Chicago')).toBe(25 * 3_600_000);
    expect(startOfLocalDay('2024-03-31', 'Europe/Amsterdam')).toBe(Date.UTC(2024, 2, 30, 23));
    expect(startOfLocalDay('2024-04-01', 'Asia/Kolkata')).toBe(Date.UTC(2024, 2, 31, 18, 30));
    // Santiago skipped midnight on 11 September 2022 (00:00 → 01:00): the day began at 04:00 UTC.
    expect(startOfLocalDay('2022-09-11', 'America/Santiago')).toBe(Date.UTC(2022, 8, 11, 4));
  });

  it('gives the offsets Intl gives, at random instants and on both sides of every change, for zones around the world', () => {
    const zones = ['America/Chicago', 'America/Sao_Paulo', 'Europe/London', 'Europe/Moscow', 'Asia/Tehran', 'Asia/Kathmandu', 'Australia/Adelaide', 'Pacific/Chatham', 'Africa/Casablanca', 'America/St_Johns', 'Pacific/Apia', 'Asia/Gaza'];
    const formats = new Map(zones.map((zone) => [zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })]));
    const direct = (zone: string, t: number) => {
      const parts = formats.get(zone)!.formatToParts(t);
      const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
      return Math.round((Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second')) - Math.floor(t / 1000) * 1000) / 60_000);
    };
    let seed = 11;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (const zone of zones) {
      for (let k = 0; k < 300; k++) {
        const t = Math.floor(Date.UTC(1975, 0, 1) + next() * (Date.UTC(2040, 0, 1) - Date.UTC(1975, 0, 1)));
        expect([zone, t, utcOffsetMinutes(zone, t)]).toEqual([zone, t, direct(zone, t)]);
      }
      // Every change of 2024 and 2025: each minute of the hour it happens in.
      for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2026, 0, 1); t += 86_400_000) {
        if (direct(zone, t) === direct(zone, t + 86_400_000)) continue;
        let hour = t;
        while (direct(zone, hour) === direct(zone, hour + 3_600_000)) hour += 3_600_000;
        for (let m = hour; m <= hour + 3_600_000; m += 60_000) expect([zone, m, utcOffsetMinutes(zone, m)]).toEqual([zone, m, direct(zone, m)]);
      }
    }
  });
});
