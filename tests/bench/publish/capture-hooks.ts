/**
 * Module resolve hook for the render-cost child process: `react-dom/server`, imported from
 * anywhere but the stand-in itself, resolves to react-server-capture.ts. Registered with
 * `module.register` before the renderer is imported (render-cost-child.ts).
 */
const STAND_IN = new URL('./react-server-capture.ts', import.meta.url).href;

type Resolve = (specifier: string, context: { parentURL?: string }) => Promise<{ url: string; shortCircuit?: boolean }>;

export async function resolve(specifier: string, context: { parentURL?: string }, nextResolve: Resolve): Promise<{ url: string; shortCircuit?: boolean }> {
  // Resolved through the rest of the chain, so tsx loads the TypeScript stand-in.
  if (specifier === 'react-dom/server' && !(context.parentURL ?? '').startsWith(STAND_IN)) return nextResolve(STAND_IN, context);
  return nextResolve(specifier, context);
}
