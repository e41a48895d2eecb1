import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToasts } from './toasts.tsx';

/**
 * Optimistic writes to one cached query (docs/PRODUCT.md §11: write errors are never silent): the change shows at once, and a refusal puts the
 * cache back as it was, shows the server's words in a toast and refetches what the server holds.
 * Shared by the notes tree and the todos tree, lists and task panel.
 */
export function useCachedWrite<T, V>(
  key: QueryKey | ((vars: V) => QueryKey),
  send: (vars: V) => Promise<unknown>,
  apply: (data: T, vars: V) => T,
  options: { onSettled?(vars: V): void } = {},
) {
  const client = useQueryClient();
  const { showError } = useToasts();
  const keyOf = (vars: V) => (typeof key === 'function' ? key(vars) : key);
  return useMutation({
    mutationFn: send,
    onMutate: async (vars: V) => {
      const queryKey = keyOf(vars);
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData<T>(queryKey);
      client.setQueryData<T>(queryKey, (data) => (data === undefined ? data : apply(data, vars)));
      return { before };
    },
    onError: (error, vars, context) => {
      const queryKey = keyOf(vars);
      if (context?.before !== undefined) client.setQueryData(queryKey, context.before);
      showError(error.message);
      // Whatever else changed meanwhile, come back to what the server holds.
      void client.invalidateQueries({ queryKey });
    },
    onSettled: (_data, _error, vars) => options.onSettled?.(vars),
  });
}
