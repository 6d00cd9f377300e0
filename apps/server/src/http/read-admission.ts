/**
 * At most `size` API reads in the works at once; the others wait, unstarted, for a place. Node runs
 * every request's callbacks on one thread: with 50 readers in flight each turn of the event loop
 * served all their database answers, mappings and serializations, and a price change, a counter sale
 * or a sign-in (a few round trips to the database, each waiting for the next turn) took several such
 * turns (bench/README.md "The busy hour on a quiet machine"). The reads are bound by the CPU either
 * way; admitted a few at a time they take no longer in all, and a request that changes something
 * (any method but GET and HEAD) is never held: it waits only for turns as short as a few reads make
 * them. Only `/api/` reads are held: the web app's files and the public pages are not.
 * docs/scaling.md "Reads admitted a few at a time".
 */
import type { FastifyInstance } from 'fastify';
import { ConnectionLanes } from '../db/pg-lanes.ts';

const GIVE_BACK = Symbol('backroom.readPlace');
type Holder = { [GIVE_BACK]?: () => void };

export function registerReadAdmission(app: FastifyInstance, size: number): void {
  if (size <= 0) return;
  const places = new ConnectionLanes(size);
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url.startsWith('/api/')) {
      done();
      return;
    }
    // The place goes back when the answer starts to be sent (onSend below), not when the client has
    // read it all: a large streamed answer (a CSV export) left unread would otherwise hold a place, and
    // a few such answers every store's reads. Also when the client goes away, which it may do while the
    // read still waits: then the place goes back as soon as it is given.
    let ended = false;
    let giveBack: (() => void) | undefined;
    const end = () => {
      ended = true;
      giveBack?.();
    };
    (request as Holder)[GIVE_BACK] = end;
    reply.raw.once('close', end);
    void places.acquire('read').then((given) => {
      giveBack = given;
      if (ended) given();
      done();
    });
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    (request as Holder)[GIVE_BACK]?.();
    done(null, payload);
  });
}
