import type { FastifyReply } from 'fastify';
import type { LiveEvent } from '@stockpot/domain';

/** A stream this far behind (a client that stopped reading) is closed: it reconnects and catches up. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/** One event in the text/event-stream framing; a cart event's id is its version (Last-Event-ID on reconnect). */
export function formatSseEvent(event: LiveEvent): string {
  const id = event.type === 'cart' ? `id: ${event.version}\n` : '';
  return `${id}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export interface SseStream {
  send: (event: LiveEvent) => void;
  comment: (text: string) => void;
  end: () => void;
  isOpen: () => boolean;
}

/**
 * Takes the reply over for a server-sent event stream. The headers Fastify's hooks already set
 * (helmet, Cache-Control: no-store) go out with it; compression is left out, since it would hold
 * events back in its buffer. `onClose` runs once, however the stream ends.
 */
export function openSseStream(reply: FastifyReply, onClose: () => void): SseStream {
  reply.hijack();
  const response = reply.raw;
  let isOpen = true;
  const close = () => {
    if (!isOpen) return;
    isOpen = false;
    onClose();
  };
  response.on('close', close);
  response.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  // EventSource-style clients wait this long before reconnecting; ours has its own back-off.
  response.write('retry: 2000\n\n');

  const write = (text: string) => {
    if (!isOpen) return;
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      end();
      return;
    }
    response.write(text);
  };
  const end = () => {
    if (isOpen && !response.writableEnded) response.end();
    close();
  };
  return {
    send: (event) => write(formatSseEvent(event)),
    comment: (text) => write(`: ${text}\n\n`),
    end,
    isOpen: () => isOpen,
  };
}
