/** The small JSON document the baseline answers, and the framework floor with it (the same bytes). */
export const SMALL_JSON = { id: 'north-40', name: 'North40', farmId: 'farm-1', acres: 40 };
