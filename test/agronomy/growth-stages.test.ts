import { describe, it, expect } from 'vitest';
import { growthStageProgress, type GrowthStage } from '../../src/agronomy/growth-stages.js';

// NDAWN spring wheat stages (°F GDD, base 32 °F), first four
const stages: GrowthStage[] = [
  { id: 'stage1', stage: 'Haun 0.5', description: 'Emergence', gddThreshold: 180 },
  { id: 'stage2', stage: 'Haun 1', description: 'Leaf 1', gddThreshold: 252 },
  { id: 'stage3', stage: 'Haun 2', description: 'Leaf 2', gddThreshold: 395 },
  { id: 'stage4', stage: 'Haun 3', description: 'Leaf 3 (tillers begin)', gddThreshold: 538 },
];

const series = [
  { date: '2024-05-01', accumulatedGdd: 40 },
  { date: '2024-05-05', accumulatedGdd: 180 },
  { date: '2024-05-08', accumulatedGdd: 250 },
  { date: '2024-05-09', accumulatedGdd: 265 },
  { date: '2024-05-14', accumulatedGdd: 400 },
  { date: '2024-05-15', accumulatedGdd: 420 },
];

describe('growthStageProgress', () => {
  it('previous stages with the date reached, current stage, next stage with GDD remaining', () => {
    const r = growthStageProgress(stages, series);
    expect(r.previousStages).toEqual([
      { date: '2024-05-05', id: 'stage1', stage: 'Haun 0.5', description: 'Emergence', gddThreshold: 180 },
      { date: '2024-05-09', id: 'stage2', stage: 'Haun 1', description: 'Leaf 1', gddThreshold: 252 },
    ]);
    expect(r.currentStage).toEqual({
      date: '2024-05-14',
      id: 'stage3',
      stage: 'Haun 2',
      description: 'Leaf 2',
      gddThreshold: 395,
      accumulatedGdds: 420,
    });
    expect(r.nextStage).toEqual({
      id: 'stage4',
      stage: 'Haun 3',
      description: 'Leaf 3 (tillers begin)',
      gddThreshold: 538,
      gddRemaining: 118,
    });
  });

  it('keeps the key order of the published response', () => {
    const r = growthStageProgress(stages, series);
    expect(Object.keys(r.currentStage!)).toEqual(['date', 'id', 'stage', 'description', 'gddThreshold', 'accumulatedGdds']);
    expect(Object.keys(r.nextStage!)).toEqual(['id', 'stage', 'description', 'gddThreshold', 'gddRemaining']);
  });

  it('a threshold is reached on the day the accumulation equals it', () => {
    const r = growthStageProgress(stages, series.slice(0, 2));
    expect(r.currentStage).toMatchObject({ id: 'stage1', date: '2024-05-05', accumulatedGdds: 180 });
    expect(r.nextStage).toMatchObject({ id: 'stage2', gddRemaining: 72 });
  });

  it('no stage reached yet: no current stage, the first stage is next', () => {
    const r = growthStageProgress(stages, series.slice(0, 1));
    expect(r.previousStages).toEqual([]);
    expect(r.currentStage).toBeNull();
    expect(r.nextStage).toMatchObject({ id: 'stage1', gddRemaining: 140 });
    expect(growthStageProgress(stages, []).nextStage).toMatchObject({ id: 'stage1', gddRemaining: 180 });
  });

  it('every stage reached: no next stage', () => {
    const r = growthStageProgress(stages, [...series, { date: '2024-05-30', accumulatedGdd: 600 }]);
    expect(r.currentStage).toMatchObject({ id: 'stage4', date: '2024-05-30', accumulatedGdds: 600 });
    expect(r.previousStages).toHaveLength(3);
    expect(r.nextStage).toBeNull();
  });

  it('several stages reached on the same day all carry that date', () => {
    const r = growthStageProgress(stages, [{ date: '2024-06-01', accumulatedGdd: 300 }]);
    expect(r.previousStages).toEqual([expect.objectContaining({ id: 'stage1', date: '2024-06-01' })]);
    expect(r.currentStage).toMatchObject({ id: 'stage2', date: '2024-06-01' });
  });
});
