/**
 * The app's serializer (app.ts, issue 38): every 200 answer is built in full, typed, by our own code,
 * so production writes it with JSON.stringify alone instead of encoding it through its zod schema
 * first (for a 50-row list page the encode cost 0.82 ms against 0.34 ms). Routes keep their zod
 * response schemas (OpenAPI, types). Outside production (tests, development) the answer is still
 * checked against the schema on every request and refused as the zod serializer refuses it, so a
 * shape that drifts fails the API tests; a key the schema lacks (which the zod serializer would drop,
 * and JSON.stringify would send) is refused too, so the answer production writes is the one the zod
 * serializer would have written.
 * Other status codes (errors) go through the zod serializer as everywhere.
 */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { sendCompressed } from './compressed-answers';

export function builtAnswerSerializer<S = z.ZodType>(checkShape: boolean): FastifySerializerCompiler<S> {
  return (route) => {
    // Fastify types the route's whole schema here; at run time it is the status code's zod schema.
    const zodRoute = route as unknown as Parameters<typeof serializerCompiler>[0] & { schema: z.ZodType };
    if (String(route.httpStatus) !== '200') return serializerCompiler(zodRoute);
    const { schema, method, url } = zodRoute;
    return (data) => {
      const text = JSON.stringify(data);
      if (checkShape) {
        const checked = z.safeEncode(schema, data);
        if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
        // Compared as JSON (key order aside): what the zod serializer would write against what is sent.
        if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(checked.data)))) {
          const message = 'The answer holds what its schema does not (the zod serializer would drop or change it).';
          throw new ResponseSerializationError(method, url, {
            cause: new z.ZodError([{ code: 'custom', path: [], message, input: data }]),
          });
        }
      }
      return text;
    };
  };
}

/**
 * Sends a 200 answer that is already JSON text (a stored page, written by JSON.stringify of what
 * our code built): as is, with the JSON content type, so Fastify neither parses nor re-encodes it.
 * Outside production the text is checked against the route's schema, as builtAnswerSerializer
 * checks a built answer.
 */
export function sendJsonText(reply: FastifyReply, text: string | Buffer, schema: z.ZodType, checkShape: boolean): FastifyReply {
  if (checkShape) {
    const checked = z.safeEncode(schema, JSON.parse(text.toString()) as unknown);
    if (checked.error) throw new ResponseSerializationError(reply.request.method, reply.request.url, { cause: checked.error });
  }
  reply.code(200).type('application/json; charset=utf-8');
  // A kept answer is the same Buffer for every reader: its compressed bytes are kept with it.
  return Buffer.isBuffer(text) ? sendCompressed(reply, text) : reply.send(text);
}
