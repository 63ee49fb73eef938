import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/core/errors.js';
import {
  accumulationStartWindow,
  agronomicValueWindow,
  checkDatesWithin,
  defaultForecastSpan,
  defaultObservationSpan,
  forecastWindow,
  observationWindow,
} from '../../src/services/date-windows.js';
import { parseDateSpan } from '../../src/http/date-params.js';

/** The 400 thrown by `run`, with its messages joined. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    return `${(error as DomainError).simpleMessage} ${(error as DomainError).detailedMessage}`;
  }
  throw new Error('expected a 400');
}

describe('date windows', () => {
  it('gives each resource the spec limits from the local today', () => {
    // 30 months back, to yesterday / 7 days ahead; accumulation from one year back to yesterday.
    expect(observationWindow('2024-06-15')).toMatchObject({ earliest: '2021-12-15', latest: '2024-06-14' });
    expect(forecastWindow('2024-06-15', 'field')).toMatchObject({ earliest: '2024-06-15', latest: '2024-06-22' });
    expect(forecastWindow('2024-06-15', 'location').rule).toContain('at the location');
    expect(agronomicValueWindow('2024-06-15')).toMatchObject({ earliest: '2021-12-15', latest: '2024-06-22' });
    expect(accumulationStartWindow('2024-06-15')).toMatchObject({ earliest: '2023-06-15', latest: '2024-06-14' });
    // A month end: 31 August minus 30 months is the end of February.
    expect(observationWindow('2024-08-31').earliest).toBe('2022-02-28');
  });

  it('answers the last 7 days through yesterday and today plus 7 without dates', () => {
    expect(defaultObservationSpan('2024-03-01')).toEqual({ start: '2024-02-23', end: '2024-02-29', single: false });
    expect(defaultForecastSpan('2024-12-28')).toEqual({ start: '2024-12-28', end: '2025-01-04', single: false });
  });

  it('checks a span against a window and names the end that leaves it', () => {
    const window = { earliest: '2022-01-01', latest: '2024-06-14', rule: 'yesterday or earlier' };
    expect(() => checkDatesWithin(parseDateSpan('2022-01-01,2024-06-14'), window)).not.toThrow();
    expect(refusal(() => checkDatesWithin(parseDateSpan('2024-06-15'), window))).toContain("'singleDate'");
    expect(refusal(() => checkDatesWithin(parseDateSpan('2021-12-31,2022-01-05'), window))).toContain("'startDate'");
    const late = refusal(() => checkDatesWithin(parseDateSpan('2024-06-10,2024-06-15'), window));
    expect(late).toContain("'endDate'");
    expect(late).toContain('from 2022-01-01 to 2024-06-14');
    expect(refusal(() => checkDatesWithin(parseDateSpan('2024-07-01,2024-07-02'), window))).toContain("'startDate'");
    expect(refusal(() => checkDatesWithin(parseDateSpan('2024-07-01,2024-07-02'), window, { single: '--start', start: '--start', end: '--end' }))).toContain("'--start'");
  });
});
