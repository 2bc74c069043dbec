import { createMiddleware } from 'hono/factory';
import { messages } from '../../domain/messages.ts';
import { isAllowed, type HttpMethod, type Resource } from '../../domain/permissions.ts';
import type { AppEnv } from '../env.ts';
import { forbidden } from '../errors.ts';

/** Marks the middlewares that decide access, so a test can prove every route declares one. */
export const accessDecision = Symbol('accessDecision');
type Tagged<T> = T & { [accessDecision]: string };

function tag<T extends object>(fn: T, what: string): Tagged<T> {
  return Object.assign(fn, { [accessDecision]: what });
}

/** The route's resource and method from the catalogue; refused (403) unless the role grants it. */
export function requires(resource: Resource, method: HttpMethod) {
  return tag(
    createMiddleware<AppEnv>(async (c, next) => {
      const { caller, account } = c.var;
      if (!caller.instanceAdmin && !isAllowed(account.role?.resources, resource, method)) {
        throw forbidden(messages.forbidden);
      }
      await next();
    }),
    `${method} ${resource}`,
  );
}

/** For the few routes every signed-in user may call about themself (sign out, own settings); an API key is no user. */
export function signedIn() {
  return tag(
    createMiddleware<AppEnv>(async (c, next) => {
      if (c.var.caller.apiKey) throw forbidden(messages.apiKeyNotForSelf);
      await next();
    }),
    'signed-in',
  );
}

/** For the routes anyone may call without signing in (health probes): they show no data. */
export function anyone() {
  return tag(
    createMiddleware<AppEnv>(async (_c, next) => {
      await next();
    }),
    'anyone',
  );
}
