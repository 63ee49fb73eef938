/** The chunk writer inside pngjs (`lib/packer.js`), which its package ships without types. */
declare module 'pngjs/lib/packer.js' {
  import type { ZlibOptions } from 'node:zlib';

  export default class Packer {
    constructor(options: Record<string, unknown>);
    getDeflateOptions(): ZlibOptions;
    packIHDR(width: number, height: number): Buffer;
    packIDAT(data: Buffer): Buffer;
    packIEND(): Buffer;
  }
}
