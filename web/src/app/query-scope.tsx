import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ComponentType } from 'react';
import { appQueryClient } from '../lib/query-client';

/**
 * Runs a lazy screen in the app's query client. The client and the query cache come with the first screen
 * that needs them, not with /login (its budget); a client the providers were given (tests) comes first,
 * and a screen inside a layout that has one (the member pages) uses that.
 */
export function withQueryClient(Screen: ComponentType): ComponentType {
  return function InQueryClient() {
    const given = useContext(QueryClientContext);
    if (given) return <Screen />;
    return (
      <QueryClientProvider client={appQueryClient()}>
        <Screen />
      </QueryClientProvider>
    );
  };
}
