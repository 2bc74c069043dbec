import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TagCreate, TagList, TaggedResourceType } from '../../../domain/tags.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';

export const tagKeys = {
  all: (account: string) => [account, 'tags'] as const,
  ofRecord: (account: string, type: TaggedResourceType, id: string) => [account, 'tags', 'record', type, id] as const,
};

/** A record's tags (its Tags section), by key then value. */
export const recordTagsQuery = (account: string, type: TaggedResourceType, id: string) =>
  queryOptions({
    queryKey: tagKeys.ofRecord(account, type, id),
    queryFn: () => request<TagList>('/tag', { query: { taggedResourceType: type, taggedResourceId: id } }),
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

/**
 * What a tag change makes stale: the tags, every list (a list may be filtered by the tag) and
 * the palette's search (it finds records by tag). Lists of other features are reached by the
 * shape of their keys ([account, area, 'list', …]), so this feature imports none of them.
 */
function invalidateTagged(queryClient: QueryClient, account: string) {
  void queryClient.invalidateQueries({ queryKey: tagKeys.all(account) });
  void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === account && (q.queryKey[2] === 'list' || q.queryKey[1] === 'search') });
}

export function useAddTag() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: TagCreate) => request<{ id: string }>('/tag', { method: 'POST', body }),
    onSuccess: () => invalidateTagged(queryClient, account),
  });
}
