/**
 * The load generator's HTTP/1.1 client: one keep-alive socket, one request in flight, the request
 * written as one string and the response read only as far as its status and framing (the body is
 * counted, not kept). Node's `http.request` spends about 50 µs of the generator's CPU per request
 * (headers objects, an `IncomingMessage` stream, agent bookkeeping): a generator built on it
 * saturates its own core at well under half of what a bare `node:http` server can answer, so a
 * baseline measured with it measures the generator. This client costs about 14 µs a request,
 * socket calls included (docs/deploy.md, "Distinct requests").
 *
 * Responses are framed as HTTP/1.1 says: no body for HEAD, 1xx, 204 and 304; else
 * `Transfer-Encoding: chunked`, else `Content-Length`, else the body runs to the end of the
 * connection. `Connection: close` closes the socket after the response; the next request opens a
 * new one.
 */
import net from 'node:net';

export interface RawRequest {
  method: string;
  /** Path and query, as sent on the request line. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The response's status; 0 when the connection failed or closed before a whole response. */
export interface RawAnswer {
  status: number;
  /** Bytes of the body as framed (chunk framing not counted). */
  bodyBytes: number;
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

type BodyState =
  | { kind: 'length'; left: number }
  | { kind: 'chunked'; left: number; trailer: boolean }
  | { kind: 'close' };

export class RawConnection {
  #socket: net.Socket | undefined;
  #buffer: Buffer = Buffer.alloc(0);
  #pending: { resolve: (answer: RawAnswer) => void; head: boolean } | undefined;
  #status = 0;
  #body: BodyState | undefined;
  #bodyBytes = 0;
  #closeAfter = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Sends the request and resolves with the response's status once all of it has arrived. */
  request(request: RawRequest): Promise<RawAnswer> {
    if (this.#pending) throw new Error('RawConnection: one request at a time');
    const socket = this.#socket ?? this.#connect();
    let text = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [name, value] of Object.entries(request.headers ?? {})) text += `${name}: ${value}\r\n`;
    if (request.body !== undefined) text += `content-length: ${Buffer.byteLength(request.body)}\r\n`;
    text += `\r\n${request.body ?? ''}`;
    return new Promise((resolve) => {
      this.#pending = { resolve, head: request.method === 'HEAD' };
      socket.write(text);
    });
  }

  close(): void {
    this.#socket?.destroy();
    this.#socket = undefined;
  }

  #connect(): net.Socket {
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      // Bytes with no request in flight answer nothing that was asked: dropped, so that they
      // are not read as the next request's response.
      if (!this.#pending) return;
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      this.#read();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      // A socket this client closed itself (after `Connection: close`) was already let go.
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      this.#buffer = Buffer.alloc(0);
      const body = this.#body;
      this.#body = undefined;
      // A body framed by the end of the connection is whole now; anything else was cut short.
      this.#finish(body?.kind === 'close' ? this.#status : 0);
    });
    this.#socket = socket;
    return socket;
  }

  #read(): void {
    while (this.#pending) {
      if (this.#body === undefined) {
        const end = this.#buffer.indexOf(CRLF_CRLF);
        if (end < 0) return;
        const head = this.#buffer.toString('latin1', 0, end);
        this.#buffer = this.#buffer.subarray(end + 4);
        this.#status = Number(head.slice(9, 12));
        // An interim response (100 Continue, 103 Early Hints): the real one follows.
        if (this.#status >= 100 && this.#status < 200) continue;
        this.#bodyBytes = 0;
        this.#body = framing(head, this.#status, this.#pending.head);
        this.#closeAfter = /\r\nconnection:[ \t]*close/i.test(head);
      }
      if (!this.#advanceBody()) return;
      this.#body = undefined;
      const close = this.#closeAfter;
      this.#finish(this.#status);
      if (close) this.close();
    }
  }

  /** Consumes body bytes from the buffer; true when the body is complete. */
  #advanceBody(): boolean {
    const body = this.#body!;
    if (body.kind === 'close') {
      this.#bodyBytes += this.#buffer.length;
      this.#buffer = Buffer.alloc(0);
      return false;
    }
    if (body.kind === 'length') {
      const take = Math.min(body.left, this.#buffer.length);
      body.left -= take;
      this.#bodyBytes += take;
      this.#buffer = this.#buffer.subarray(take);
      return body.left === 0;
    }
    for (;;) {
      if (body.left > 0) {
        const take = Math.min(body.left, this.#buffer.length);
        body.left -= take;
        this.#buffer = this.#buffer.subarray(take);
        if (body.left > 0) return false;
        continue;
      }
      const lineEnd = this.#buffer.indexOf(CRLF);
      if (lineEnd < 0) return false;
      const line = this.#buffer.toString('latin1', 0, lineEnd);
      this.#buffer = this.#buffer.subarray(lineEnd + 2);
      if (body.trailer) {
        // Trailer fields until the empty line that ends the message.
        if (line === '') return true;
        continue;
      }
      const size = parseInt(line, 16);
      if (size === 0) {
        body.trailer = true;
        continue;
      }
      this.#bodyBytes += size;
      body.left = size + 2; // the chunk and its CRLF
    }
  }

  #finish(status: number): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = undefined;
    // As with bytes that arrive later: whatever follows a whole response answers nothing asked.
    this.#buffer = Buffer.alloc(0);
    pending.resolve({ status, bodyBytes: this.#bodyBytes });
  }
}

/** How the body of a response with this head is framed. */
function framing(head: string, status: number, toHead: boolean): BodyState {
  if (toHead || status === 204 || status === 304) return { kind: 'length', left: 0 };
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) return { kind: 'chunked', left: 0, trailer: false };
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  return length ? { kind: 'length', left: Number(length[1]) } : { kind: 'close' };
}
