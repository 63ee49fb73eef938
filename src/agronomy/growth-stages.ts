/**
 * Growth-stage lookup for a GDD model: given the model's stages (ascending GDD thresholds) and
 * the accumulated GDD day by day since the biofix date, which stages have been reached and when,
 * which stage the crop is in now, and how many GDD remain to the next one.
 *
 * - A stage is reached on the first date whose accumulated GDD is at least its threshold.
 * - The current stage is the last stage reached by the last given date; `accumulatedGdds` is the
 *   accumulated GDD of that last date. The previous stages are the stages reached before it.
 * - The next stage is the first stage not yet reached; `gddRemaining` = its threshold − the
 *   accumulated GDD. `null` when every stage has been reached.
 * - When no stage has been reached yet, `currentStage` is `null` and `previousStages` empty.
 */
import type { IsoDate } from '../core/dates.js';

export interface GrowthStage {
  readonly id: string;
  readonly stage: string | null;
  readonly description: string;
  readonly gddThreshold: number;
}

export interface AccumulatedGddDay {
  readonly date: IsoDate;
  readonly accumulatedGdd: number;
}

export interface ReachedStage {
  readonly date: IsoDate;
  readonly id: string;
  readonly stage: string | null;
  readonly description: string;
  readonly gddThreshold: number;
}

export interface CurrentStage extends ReachedStage {
  readonly accumulatedGdds: number;
}

export interface NextStage {
  readonly id: string;
  readonly stage: string | null;
  readonly description: string;
  readonly gddThreshold: number;
  readonly gddRemaining: number;
}

export interface GrowthStageResult {
  readonly previousStages: ReachedStage[];
  readonly currentStage: CurrentStage | null;
  readonly nextStage: NextStage | null;
}

/**
 * Stages reached and the next stage. `stages` must be in ascending threshold order (they are
 * sorted defensively, stably); `series` in date order with non-decreasing accumulated GDD.
 */
export function growthStageProgress(stages: readonly GrowthStage[], series: readonly AccumulatedGddDay[]): GrowthStageResult {
  const ordered = [...stages].sort((a, b) => a.gddThreshold - b.gddThreshold);
  const accumulated = series.length > 0 ? series[series.length - 1]!.accumulatedGdd : 0;
  const reached: ReachedStage[] = [];
  let next: NextStage | null = null;
  for (const s of ordered) {
    const day = series.find((d) => d.accumulatedGdd >= s.gddThreshold);
    if (day) {
      reached.push({ date: day.date, id: s.id, stage: s.stage, description: s.description, gddThreshold: s.gddThreshold });
    } else {
      next = {
        id: s.id,
        stage: s.stage,
        description: s.description,
        gddThreshold: s.gddThreshold,
        gddRemaining: s.gddThreshold - accumulated,
      };
      break;
    }
  }
  const current = reached.pop();
  return {
    previousStages: reached,
    currentStage: current ? { ...current, accumulatedGdds: accumulated } : null,
    nextStage: next,
  };
}
