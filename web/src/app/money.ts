import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { statementKeys } from '../features/statement/api/keys';
import { walletKeys } from '../lib/wallet-keys';

/** After money moved (a withdrawal, a deposit notice): balances and the statement are asked again. */
export function useMoneyMoved() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: walletKeys.all() });
    void queryClient.invalidateQueries({ queryKey: statementKeys.all() });
  }, [queryClient]);
}
