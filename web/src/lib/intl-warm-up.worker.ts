// A worker that only loads ICU's data (lib/intl-tags.ts, warmUpIntl) and ends: see lib/intl-warm-up.ts.
import type { Locale } from '@krapao/contract';
import { warmUpIntl } from './intl-tags';

self.onmessage = (event: MessageEvent<Locale>) => {
  warmUpIntl(event.data);
  self.close();
};
