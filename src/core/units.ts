export type UnitSystem = 'metric' | 'usa';
export const UNIT_SYSTEMS: readonly UnitSystem[] = ['metric', 'usa'];
