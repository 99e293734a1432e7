import { QueryClient } from '@tanstack/react-query';

/**
 * Errors are already toasted by the api client, so queries do not retry blindly (a 403 stays
 * a 403) and do not refetch on focus (a desk screen must not jump under the librarian).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
