import { z } from 'zod';

/**
 * zod's code, with this module, is a chunk of its own (web/scripts/chunk-groups.ts): it needs nothing
 * else, so a member's page can run it as soon as it arrives, while the app's main chunk still loads
 * (app/first-screen.ts), and the member shell that builds the contract's schemas with it runs later,
 * in a shorter task.
 */
export const zodLoaded = typeof z.object === 'function';
