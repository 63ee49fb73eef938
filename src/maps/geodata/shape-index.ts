/** A static bounding-box index (Flatbush, packed Hilbert R-tree) over shape parts or label points. */
import Flatbush from 'flatbush';
import type { MercatorBBox } from '../web-mercator.js';
import type { LabelPoint, ShapePart } from './geo-shapes.js';

export class ShapeIndex {
  private readonly index: Flatbush | null;

  constructor(readonly parts: readonly ShapePart[]) {
    if (parts.length === 0) {
      this.index = null;
      return;
    }
    const index = new Flatbush(parts.length);
    for (const part of parts) index.add(part.minX, part.minY, part.maxX, part.maxY);
    index.finish();
    this.index = index;
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
    if (labels.length === 0) {
      this.index = null;
      return;
    }
    const index = new Flatbush(labels.length);
    for (const label of labels) index.add(label.x, label.y, label.x, label.y);
    index.finish();
    this.index = index;
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
