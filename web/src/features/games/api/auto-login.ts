import { games } from '@krapao/contract';
import { callApi } from '../../../lib/api-client';

/**
 * GAME-2: GET /api/autoLogin/{provider}/{username} answers a single-use launch link (good for under a
 * minute, so it is asked for on the tap, never kept). The password route exists for old clients only:
 * the server logs in with the credentials it stores, so the web never puts a password in a URL.
 */
export const getLaunchLink = (provider: string, username: string) =>
  callApi(games.autoLogin, undefined, { params: { provider: provider.toLowerCase(), username } }).then(
    (answer) => answer.link,
  );
