import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallDef } from '../../shared/api/contract.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Principal } from '../access/principal.ts';

/** What a call handler gets besides its validated input. */
export interface CallContext {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  /** null for anonymous calls. */
  principal: Principal | null;
  /**
   * The school every query must be scoped by: the token's school; for 'none'/'optional' calls
   * without a token, the SchoolID header if it names an existing school; else null.
   */
  schoolId: number | null;
  lang: Language;
  /** Translates an i18n key ("ns:key") into the request's language. */
  t: (key: string, params?: Record<string, unknown>) => string;
}

export type CallHandler<C extends CallDef> = (
  input: z.output<C['input']>,
  ctx: CallContext,
) => Promise<z.input<C['data']>>;

/** Handlers keyed by call id; `satisfies HandlerMapFor<typeof xCalls>` checks them against the contract. */
export type HandlerMapFor<T extends Record<string, CallDef>> = {
  [K in keyof T as T[K]['id']]?: CallHandler<T[K]>;
};
export type AnyHandlerMap = Record<string, CallHandler<any>>;

/**
 * Ties a handler to its contract call so input and result are typed by it (call ids are plain
 * strings in the contract, so `satisfies HandlerMapFor` alone cannot type a handler by its key).
 */
export function handler<C extends CallDef>(_call: C, fn: CallHandler<C>): CallHandler<C> {
  return fn;
}
