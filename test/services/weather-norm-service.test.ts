/**
 * Weather norms: which seasons are averaged (the default 10 complete seasons, a season not over
 * yet, at most 50 years, at least 3 after excludeYears, nothing before the source's first year)
 * and the statistics across them per calendar day, 29 February and seasons across the year end.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { monthDayRange } from '../../src/core/date-spans.js';
import { chooseYears, createWeatherNormService, type NormRequest } from '../../src/services/weather-norm-service.js';
import { locationAt } from '../../src/services/weather-location.js';
import type { WeatherSource } from '../../src/weather/weather-source.js';
import { createFakeWeatherSource } from '../support/fake-weather-source.js';
import { parameterMessage, refusal, rejection } from '../support/domain-errors.js';

const IOWA = locationAt(41.5, -93.5);
/** 15 June 2024 at 07:00 in Iowa: yesterday there is 14 June. */
const JUNE = fixedClock(Date.parse('2024-06-15T12:00:00Z'));

const norms = (start: string, end: string, more: Partial<NormRequest> = {}): NormRequest => ({ ...monthDayRange(start, end), excludeYears: [], ...more });
const years = (startYear: number, endYear: number) => ({ years: { startYear, endYear } });

/** Sample standard deviation of consecutive integers n … n + count − 1. */
const consecutiveStdDev = (count: number) => Math.sqrt((count * (count + 1)) / 12);

describe('chooseYears', () => {
  it('defaults to the 10 latest complete seasons that start before the current year', () => {
    expect(chooseYears(IOWA, norms('06-01', '06-10'), JUNE)).toEqual({ period: { startYear: 2014, endYear: 2023 }, years: [2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023] });
    // Days of the current year already past do not count by default.
    expect(chooseYears(IOWA, norms('01-01', '01-31'), JUNE).period).toEqual({ startYear: 2014, endYear: 2023 });
    // A season across the year end still running (2023-11-01 to 2024-03-31 on 15 February) is left out.
    const february = fixedClock(Date.parse('2024-02-15T12:00:00Z'));
    expect(chooseYears(IOWA, norms('11-01', '03-31'), february).period).toEqual({ startYear: 2013, endYear: 2022 });
    expect(chooseYears(IOWA, norms('11-01', '03-31'), JUNE).period).toEqual({ startYear: 2014, endYear: 2023 });
  });

  it('counts years by the local today: where it is already 1 January, the season of the year just ended counts', () => {
    const newYear = fixedClock(Date.parse('2024-12-31T12:00:00Z'));
    const atoll = locationAt(1.87, -157.43); // UTC+14: already 1 January 2025
    expect(chooseYears(IOWA, norms('12-30', '12-30'), newYear).period.endYear).toBe(2023);
    expect(chooseYears(atoll, norms('12-30', '12-30'), newYear).period.endYear).toBe(2024);
  });

  it("is 400 naming 'endYear' for a season not over yet, telling the latest complete one", () => {
    const error = refusal(() => chooseYears(IOWA, norms('06-01', '06-30', years(2015, 2024)), JUNE), { kind: 'invalid', simpleMessage: parameterMessage('endYear') });
    expect(error.detailedMessage).toBe('endYear 2024: the season 2024-06-01 to 2024-06-30 is not over yet; the latest complete season starts in 2023.');
    const ahead = refusal(() => chooseYears(IOWA, norms('06-01', '06-10', years(2015, 2026)), JUNE), { kind: 'invalid', simpleMessage: parameterMessage('endYear') });
    expect(ahead.detailedMessage).toContain('the latest complete season starts in 2024');
    // A season of the current year that is over may be asked for.
    expect(chooseYears(IOWA, norms('06-01', '06-14', years(2022, 2024)), JUNE).years).toEqual([2022, 2023, 2024]);
  });

  it("averages at most 50 years: 400 naming 'startYear' beyond", () => {
    expect(chooseYears(IOWA, norms('06-01', '06-10', years(1974, 2023)), JUNE).years).toHaveLength(50);
    const error = refusal(() => chooseYears(IOWA, norms('06-01', '06-10', years(1973, 2023)), JUNE), { kind: 'invalid', simpleMessage: parameterMessage('startYear') });
    expect(error.detailedMessage).toContain('the years 1973 to 2023 are 51. Give a startYear of 1974 or later');
  });

  it("needs at least 3 years: 400 naming 'excludeYears' when exclusions leave fewer, 'startYear' when the period is too short", () => {
    const kept = chooseYears(IOWA, norms('06-01', '06-10', { ...years(2019, 2023), excludeYears: [2020, 2022, 1999] }), JUNE);
    expect(kept).toEqual({ period: { startYear: 2019, endYear: 2023 }, years: [2019, 2021, 2023] });
    const excluded = refusal(() => chooseYears(IOWA, norms('06-01', '06-10', { ...years(2021, 2023), excludeYears: [2022] }), JUNE), {
      kind: 'invalid',
      simpleMessage: parameterMessage('excludeYears'),
    });
    expect(excluded.detailedMessage).toContain('after excludeYears only 2 of the years 2021 to 2023 remain');
    const short = refusal(() => chooseYears(IOWA, norms('06-01', '06-10', years(2022, 2023)), JUNE), { kind: 'invalid', simpleMessage: parameterMessage('startYear') });
    expect(short.detailedMessage).toContain('the years 2022 to 2023 are only 2');
    // Exclusions apply to the default period too.
    refusal(() => chooseYears(IOWA, norms('06-01', '06-10', { excludeYears: [2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021] }), JUNE), {
      kind: 'invalid',
      simpleMessage: parameterMessage('excludeYears'),
    });
  });
});

describe('weather norm service', () => {
  it('averages each calendar day over the seasons, one request per season', async () => {
    const weather = createFakeWeatherSource();
    const answer = await createWeatherNormService({ weather, clock: JUNE }).norms(IOWA, norms('06-09', '06-10'));
    expect(answer.period).toEqual({ startYear: 2014, endYear: 2023 });
    expect(answer.years).toHaveLength(10);
    expect(answer.sources).toEqual(Array(10).fill('fake'));
    expect(weather.dailyCalls.map((call) => call.range.start).sort()).toEqual(answer.years.map((year) => `${year}-06-09`));
    const day = answer.days[1]!;
    expect(day.day).toBe('06-10');
    // The fake: tmax 20 + (year − 2010) + day/100, tmin 10 + (year − 2010)/2, precipitation 6 or 7 in June.
    expect(day.maxTemp.average).toBeCloseTo(28.6, 10);
    expect(day.maxTemp.stdDev).toBeCloseTo(consecutiveStdDev(10), 10);
    expect(day.maxTemp.count).toBe(10);
    expect(day.minTemp.average).toBeCloseTo(14.25, 10);
    expect(day.meanTemp.average).toBeCloseTo((28.6 + 14.25) / 2, 10);
    expect(day.precipitation.average).toBeCloseTo(6.5, 10);
    expect(day.solar).toEqual({ average: 5010, stdDev: 0, count: 10 });
    expect(day.maxHumidity).toEqual({ average: 90, stdDev: 0, count: 10 });
  });

  it("gives 02-29 every year of the period: a common year's 28 February stands in for it", async () => {
    const answer = await createWeatherNormService({ weather: createFakeWeatherSource(), clock: JUNE }).norms(IOWA, norms('02-28', '03-01'));
    expect(answer.days.map((d) => d.day)).toEqual(['02-28', '02-29', '03-01']);
    // Solar is 5000 + day of month: 2016 and 2020 give 5029, the other eight years 5028.
    expect(answer.days[1]!.solar.count).toBe(10);
    expect(answer.days[1]!.solar.average).toBeCloseTo((2 * 5029 + 8 * 5028) / 10, 10);
    expect(answer.days[0]!.solar.average).toBe(5028);
    expect(answer.days[2]!.solar.average).toBe(5001);
  });

  it('names a season across the year end by the year it starts in', async () => {
    const weather = createFakeWeatherSource();
    const answer = await createWeatherNormService({ weather, clock: JUNE }).norms(IOWA, norms('12-31', '01-01', years(2020, 2022)));
    expect(weather.dailyCalls.map((call) => call.range).sort((a, b) => a.start.localeCompare(b.start))).toEqual([
      { start: '2020-12-31', end: '2021-01-01' },
      { start: '2021-12-31', end: '2022-01-01' },
      { start: '2022-12-31', end: '2023-01-01' },
    ]);
    expect(answer.days.map((d) => [d.day, d.maxTemp.average])).toEqual([
      ['12-31', expect.closeTo(20 + 11 + 0.31, 10)],
      ['01-01', expect.closeTo(20 + 12 + 0.01, 10)],
    ]);
  });

  it('leaves a day out of a year whose source lacks it, and lists the sources in season order', async () => {
    const fake = createFakeWeatherSource();
    const source: WeatherSource = {
      name: 'gappy',
      hourly: async () => null,
      async daily(cell, range) {
        const result = (await fake.daily(cell, range))!;
        const year = Number(range.start.slice(0, 4));
        return { source: `s${year}`, days: year === 2022 ? result.days.filter((d) => d.date !== '2022-06-10') : result.days };
      },
    };
    const answer = await createWeatherNormService({ weather: source, clock: JUNE }).norms(IOWA, norms('06-09', '06-10', years(2021, 2023)));
    expect(answer.sources).toEqual(['s2021', 's2022', 's2023']);
    expect(answer.days[0]!.maxTemp.count).toBe(3);
    expect(answer.days[1]!.maxTemp).toEqual({ average: expect.closeTo(20 + 12 + 0.1, 10), stdDev: expect.closeTo(Math.SQRT2, 10), count: 2 });
  });

  it("is 400 naming 'startYear' for years before the source's first year, and checks nothing for the default period", async () => {
    const weather = createFakeWeatherSource();
    weather.heldFrom = 2016;
    const service = createWeatherNormService({ weather, clock: JUNE });
    const error = await rejection(service.norms(IOWA, norms('06-01', '06-10', years(2015, 2023))), { kind: 'invalid', simpleMessage: parameterMessage('startYear') });
    expect(error.detailedMessage).toContain('startYear 2015 is before the weather data held for this place, which begins in 2016');
    expect(weather.dailyCalls).toHaveLength(0);
    expect((await service.norms(IOWA, norms('06-01', '06-10', years(2016, 2023)))).years).toHaveLength(8);
    expect((await service.norms(IOWA, norms('06-01', '06-10'))).period.startYear).toBe(2014);
  });

  it('is 404 when a season is held by no source', async () => {
    const weather = createFakeWeatherSource();
    weather.missing = true;
    await rejection(createWeatherNormService({ weather, clock: JUNE }).norms(IOWA, norms('06-01', '06-10')), { kind: 'notFound', simpleMessage: 'Weather data not found.' });
  });
});
