/** A static bounding-box index (Flatbush, packed Hilbert R-tree) over shape parts or label points. */
import Flatbush from 'flatbush';
import type { MercatorBBox } from '../web-mercator.js';
import type { LabelPoint, ShapePart } from './geo-shapes.js';

/** A packed index of the items' boxes; null for no items (Flatbush needs at least one). */
function boxIndex<T>(items: readonly T[], add: (index: Flatbush, item: T) => void): Flatbush | null {
  if (items.length === 0) return null;
  const index = new Flatbush(items.length);
  for (const item of items) add(index, item);
  index.finish();
  return index;
}

export class ShapeIndex {
  private readonly index: Flatbush | null;

  constructor(readonly parts: readonly ShapePart[]) {
    this.index = boxIndex(parts, (index, part) => index.add(part.minX, part.minY, part.maxX, part.maxY));
  }

  /** Parts whose box meets the query box, in their original order. */
  search(box: MercatorBBox): ShapePart[] {
    if (!this.index) return [];
    const ids = this.index.search(box.minX, box.minY, box.maxX, box.maxY);
    ids.sort((a, b) => a - b);
    return ids.map((id) => this.parts[id]!);
  }
}

export class LabelIndex {
  private readonly index: Flatbush | null;

  constructor(readonly labels: readonly LabelPoint[]) {
    this.index = boxIndex(labels, (index, label) => index.add(label.x, label.y, label.x, label.y));
  }

  /** Labels inside the box, highest rank first. */
  search(box: MercatorBBox): LabelPoint[] {
    if (!this.index) return [];
    return this.index
      .search(box.minX, box.minY, box.maxX, box.maxY)
      .map((id) => this.labels[id]!)
      .sort((a, b) => b.rank - a.rank);
  }
}
