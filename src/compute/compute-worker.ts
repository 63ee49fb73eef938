/**
 * The entry of a compute-pool worker thread: one exported function per task, each given what
 * this thread keeps between tasks. Results carry their typed arrays as transfers.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { type CellYearsInput, createGenerationContext, generateCellYears } from '../weather/synthetic/year-generation.js';

const generation = createGenerationContext();

export function cellYears(input: CellYearsInput) {
  const output = generateCellYears(generation, input);
  return move({
    [transferableSymbol]: output.years.map((year) => year.values.buffer),
    [valueSymbol]: output,
  });
}
