/**
 * Names a plugin for Fastify's plugin tree and, for the cross-cutting ones (hooks, error and 404
 * handlers, request decorators), lifts encapsulation so they apply to every route of the parent.
 * Does what the `fastify-plugin` package does; that package is not a dependency of this project.
 */
import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

const SKIP_OVERRIDE = Symbol.for('skip-override');
const DISPLAY_NAME = Symbol.for('fastify.display-name');

/** A plugin whose hooks and decorators reach the whole app (not encapsulated). */
export function appWidePlugin<O extends FastifyPluginOptions>(name: string, plugin: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  Object.defineProperty(plugin, SKIP_OVERRIDE, { value: true });
  Object.defineProperty(plugin, DISPLAY_NAME, { value: name });
  return plugin;
}

/** An encapsulated plugin (its own routes only), named for logs and `printPlugins()`. */
export function routePlugin<O extends FastifyPluginOptions>(name: string, plugin: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  Object.defineProperty(plugin, DISPLAY_NAME, { value: name });
  return plugin;
}
