import { describe, it, expect } from 'vitest';
import { growthStageProgress, type GrowthStage } from '../../src/agronomy/growth-stages.js';

// The original service's NDAWN spring wheat table (WheatGenericNDAWN, °C-days), first four stages
const stages: GrowthStage[] = [
  { id: 'stage1', stage: 'Haun Stage 0.5', description: 'Emergence', gddThreshold: 100 },
  { id: 'stage2', stage: 'Haun Stage 1', description: 'Leaf 1 fully extended', gddThreshold: 140 },
  { id: 'stage3', stage: 'Haun Stage 2', description: 'Leaf 2 fully extended', gddThreshold: 219 },
  { id: 'stage4', stage: 'Haun Stage 3', description: 'Leaf 3/tillers emerge', gddThreshold: 299 },
];

const series = [
  { date: '2024-05-01', accumulatedGdd: 20 },
  { date: '2024-05-05', accumulatedGdd: 100 },
  { date: '2024-05-08', accumulatedGdd: 138 },
  { date: '2024-05-09', accumulatedGdd: 147 },
  { date: '2024-05-14', accumulatedGdd: 222 },
  { date: '2024-05-15', accumulatedGdd: 233 },
];

describe('growthStageProgress', () => {
  it('previous stages with the date reached, current stage, next stage with GDD remaining', () => {
    const r = growthStageProgress(stages, series);
    expect(r.previousStages).toEqual([
      { date: '2024-05-05', id: 'stage1', stage: 'Haun Stage 0.5', description: 'Emergence', gddThreshold: 100 },
      { date: '2024-05-09', id: 'stage2', stage: 'Haun Stage 1', description: 'Leaf 1 fully extended', gddThreshold: 140 },
    ]);
    expect(r.currentStage).toEqual({
      date: '2024-05-14',
      id: 'stage3',
      stage: 'Haun Stage 2',
      description: 'Leaf 2 fully extended',
      gddThreshold: 219,
      accumulatedGdds: 233,
    });
    // 299 − 233
    expect(r.nextStage).toEqual({
      id: 'stage4',
      stage: 'Haun Stage 3',
      description: 'Leaf 3/tillers emerge',
      gddThreshold: 299,
      gddRemaining: 66,
    });
  });

  it('keeps the key order of the published response', () => {
    const r = growthStageProgress(stages, series);
    expect(Object.keys(r.currentStage!)).toEqual(['date', 'id', 'stage', 'description', 'gddThreshold', 'accumulatedGdds']);
    expect(Object.keys(r.nextStage!)).toEqual(['id', 'stage', 'description', 'gddThreshold', 'gddRemaining']);
  });

  it('a threshold is reached on the day the accumulation equals it', () => {
    const r = growthStageProgress(stages, series.slice(0, 2));
    expect(r.currentStage).toMatchObject({ id: 'stage1', date: '2024-05-05', accumulatedGdds: 100 });
    expect(r.nextStage).toMatchObject({ id: 'stage2', gddRemaining: 40 });
  });

  it('no stage reached yet: no current stage, the first stage is next', () => {
    const r = growthStageProgress(stages, series.slice(0, 1));
    expect(r.previousStages).toEqual([]);
    expect(r.currentStage).toBeNull();
    expect(r.nextStage).toMatchObject({ id: 'stage1', gddRemaining: 80 });
    expect(growthStageProgress(stages, []).nextStage).toMatchObject({ id: 'stage1', gddRemaining: 100 });
  });

  it('every stage reached: no next stage', () => {
    const r = growthStageProgress(stages, [...series, { date: '2024-05-30', accumulatedGdd: 310 }]);
    expect(r.currentStage).toMatchObject({ id: 'stage4', date: '2024-05-30', accumulatedGdds: 310 });
    expect(r.previousStages).toHaveLength(3);
    expect(r.nextStage).toBeNull();
  });

  it('several stages reached on the same day all carry that date', () => {
    const r = growthStageProgress(stages, [{ date: '2024-06-01', accumulatedGdd: 150 }]);
    expect(r.previousStages).toEqual([expect.objectContaining({ id: 'stage1', date: '2024-06-01' })]);
    expect(r.currentStage).toMatchObject({ id: 'stage2', date: '2024-06-01' });
  });

  it('a stage at 0 GDD with no stage code (WheatGenericOSU "Planting") is reached on the first day counted', () => {
    const osu: GrowthStage[] = [
      { id: 'stage1', stage: null, description: 'Planting', gddThreshold: 0 },
      { id: 'stage2', stage: null, description: 'VE (Emergence)', gddThreshold: 114 },
    ];
    const r = growthStageProgress(osu, [
      { date: '2024-05-01', accumulatedGdd: 0 },
      { date: '2024-05-02', accumulatedGdd: 12 },
    ]);
    expect(r.currentStage).toEqual({ date: '2024-05-01', id: 'stage1', stage: null, description: 'Planting', gddThreshold: 0, accumulatedGdds: 12 });
    expect(r.nextStage).toEqual({ id: 'stage2', stage: null, description: 'VE (Emergence)', gddThreshold: 114, gddRemaining: 102 });
    // Before the first day is counted nothing is reached, not even the 0 GDD stage.
    expect(growthStageProgress(osu, []).nextStage).toMatchObject({ id: 'stage1', gddRemaining: 0 });
  });
});
