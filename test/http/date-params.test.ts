import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/api-error.js';
import {
  parseBoolean,
  parseCoordinates,
  parseDateSpan,
  parseIsoDate,
  parseMonthDaySpan,
  parseUtcOffset,
  parseYearList,
  parseYearSpan,
} from '../../src/http/date-params.js';
import { monthDaysBetween } from '../../src/core/date-spans.js';

/** The 400 thrown by `run`, with its messages joined. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(400);
    return `${(error as ApiError).simpleMessage} ${(error as ApiError).detailedMessage}`;
  }
  throw new Error('expected a 400');
}

describe('dates and date ranges', () => {
  it('reads one date as a single-day span and two as a range', () => {
    expect(parseDateSpan('2024-02-29')).toEqual({ start: '2024-02-29', end: '2024-02-29', single: true });
    expect(parseDateSpan('2024-05-01,2024-05-07')).toEqual({ start: '2024-05-01', end: '2024-05-07', single: false });
    expect(parseDateSpan('2024-05-01,2024-05-01')).toEqual({ start: '2024-05-01', end: '2024-05-01', single: false });
  });

  it.each([
    ['2023-02-29', 'singleDate'],
    ['2024-13-01', 'singleDate'],
    ['2024-04-31', 'singleDate'],
    ['2024-5-1', 'singleDate'],
    ['yesterday', 'singleDate'],
    ['2023-02-29,2023-03-05', 'startDate'],
    ['2023-03-01,2023-02-30', 'endDate'],
    ['2024-05-07,2024-05-01', 'endDate'],
    ['2024-05-01,2024-05-02,2024-05-03', 'singleDate'],
  ])('refuses %s naming %s', (segment, name) => {
    const message = refusal(() => parseDateSpan(segment));
    expect(message).toContain(`'${name}'`);
  });

  it('reads an open range {date}, as that one date, answered as the single date is', () => {
    expect(parseDateSpan('2024-05-01,')).toEqual(parseDateSpan('2024-05-01'));
    expect(parseDateSpan('2024-05-01, ')).toEqual({ start: '2024-05-01', end: '2024-05-01', single: true });
    expect(refusal(() => parseDateSpan(',2024-05-01'))).toContain("'startDate'");
    expect(refusal(() => parseDateSpan(','))).toContain("'startDate'");
    expect(refusal(() => parseDateSpan('2023-02-29,'))).toContain("'singleDate'");
    expect(refusal(() => parseDateSpan('2024-05-01,,'))).toContain("'singleDate'");
  });

  it('says a reversed range must not end before it starts', () => {
    expect(refusal(() => parseDateSpan('2024-05-07,2024-05-01'))).toContain('endDate (2024-05-01) must not be before startDate (2024-05-07)');
  });

  it('names the parameter of a bad single value', () => {
    expect(parseIsoDate('2024-01-31', 'plantingDate')).toBe('2024-01-31');
    expect(refusal(() => parseIsoDate('2024-01-32', 'plantingDate'))).toContain('plantingDate');
  });
});

describe('month-day ranges', () => {
  it('lists the days of a range in order, 02-29 included', () => {
    expect(monthDaysBetween('02-27', '03-02')).toEqual(['02-27', '02-28', '02-29', '03-01', '03-02']);
    expect(monthDaysBetween('01-01', '12-31')).toHaveLength(366);
    expect(monthDaysBetween('06-01', '06-01')).toEqual(['06-01']);
  });

  it('wraps a range across the year end', () => {
    const span = parseMonthDaySpan('11-01,03-31');
    expect(span.crossesYearEnd).toBe(true);
    expect(span.single).toBe(false);
    expect(span.days[0]).toBe('11-01');
    expect(span.days).toContain('12-31');
    expect(span.days).toContain('01-01');
    expect(span.days).toContain('02-29');
    expect(span.days[span.days.length - 1]).toBe('03-31');
    expect(span.days).toHaveLength(30 + 31 + 31 + 29 + 31);
  });

  it('ends a wrapping range on 02-29 after 02-28', () => {
    const days = monthDaysBetween('12-30', '02-29');
    expect(days.slice(-2)).toEqual(['02-28', '02-29']);
    expect(days).toHaveLength(2 + 31 + 29);
    expect(monthDaysBetween('03-01', '02-29')).toHaveLength(366);
    expect(monthDaysBetween('02-29', '02-28')).toHaveLength(366);
  });

  it('reads an open day range MM-DD, as that one day', () => {
    expect(parseMonthDaySpan('02-29,')).toEqual(parseMonthDaySpan('02-29'));
    expect(refusal(() => parseMonthDaySpan(',03-01'))).toContain("'startDay'");
  });

  it('reads a single day', () => {
    expect(parseMonthDaySpan('02-29')).toEqual({ start: '02-29', end: '02-29', single: true, crossesYearEnd: false, days: ['02-29'] });
  });

  it.each([
    ['02-30', 'month-day'],
    ['13-01', 'month-day'],
    ['6-1', 'month-day'],
    ['2024-06-01', 'month-day'],
    ['04-31,05-01', 'startDay'],
    ['04-01,04-31', 'endDay'],
  ])('refuses %s naming %s', (segment, name) => {
    expect(refusal(() => parseMonthDaySpan(segment))).toContain(`'${name}'`);
  });
});

describe('years', () => {
  it('reads an inclusive year range', () => {
    expect(parseYearSpan('2010,2019')).toEqual({ startYear: 2010, endYear: 2019 });
    expect(parseYearSpan('2019,2019')).toEqual({ startYear: 2019, endYear: 2019 });
  });

  it.each([
    ['2019,2010', 'endYear'],
    ['19,2010', 'startYear'],
    ['2010,20199', 'endYear'],
    ['2010', 'startYear'],
    ['0999,2010', 'startYear'],
  ])('refuses %s naming %s', (segment, name) => {
    expect(refusal(() => parseYearSpan(segment))).toContain(`'${name}'`);
  });

  it('reads an open year range {startYear}, as that one year', () => {
    expect(parseYearSpan('2015,')).toEqual({ startYear: 2015, endYear: 2015 });
    expect(refusal(() => parseYearSpan(',2015'))).toContain("'startYear'");
  });

  it('reads excludeYears, sorted and unique', () => {
    expect(parseYearList(undefined)).toEqual([]);
    expect(parseYearList('')).toEqual([]);
    expect(parseYearList('2016, 2012,2016')).toEqual([2012, 2016]);
    expect(refusal(() => parseYearList('2016,16'))).toContain("'excludeYears'");
  });
});

describe('coordinates', () => {
  it('reads decimal latitude and longitude', () => {
    expect(parseCoordinates('41.59,-93.62')).toEqual({ latitude: 41.59, longitude: -93.62 });
    expect(parseCoordinates('-90,180')).toEqual({ latitude: -90, longitude: 180 });
    expect(parseCoordinates('+0.5,.25')).toEqual({ latitude: 0.5, longitude: 0.25 });
  });

  it.each([
    ['90.1,0', 'latitude'],
    ['-91,0', 'latitude'],
    ['0,180.5', 'longitude'],
    ['0,-181', 'longitude'],
    ['abc,0', 'latitude'],
    ['0,1e2', 'longitude'],
    ['NaN,0', 'latitude'],
    ['0,Infinity', 'longitude'],
    ['41.5', 'latitude'],
    ['41.5,-93.5,1', 'latitude'],
    [',', 'latitude'],
  ])('refuses %s naming %s', (segment, name) => {
    expect(refusal(() => parseCoordinates(segment))).toContain(`'${name}'`);
  });
});

describe('utcOffset and booleans', () => {
  it.each([
    ['-05:00', -300],
    ['+05:30', 330],
    [' 05:30', 330],
    ['05:45', 345],
    ['+14:00', 840],
    ['-14:00', -840],
    ['+00:00', 0],
  ])('reads %s as %i minutes', (text, minutes) => {
    expect(parseUtcOffset(text)).toBe(minutes);
  });

  it('is absent when not given', () => {
    expect(parseUtcOffset(undefined)).toBeUndefined();
  });

  it.each(['+14:30', '-15:00', '5', '+5:00', '+05:60', '+0500', 'UTC', '+05:00:00'])('refuses %s', (text) => {
    const message = refusal(() => parseUtcOffset(text));
    expect(message).toContain("'utcOffset'");
    expect(message).toContain('-14:00 to +14:00');
  });

  it('reads true and false in any case', () => {
    expect(parseBoolean(undefined, 'useLocalTime', false)).toBe(false);
    expect(parseBoolean('TRUE', 'useLocalTime', false)).toBe(true);
    expect(parseBoolean('false', 'useLocalTime', true)).toBe(false);
    expect(refusal(() => parseBoolean('yes', 'useLocalTime', false))).toContain("'useLocalTime'");
  });
});
