import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPost, AdminPostRow, SavePostBody } from '../../../../shared/schemas/blog.ts';
import { useAuth } from '../../auth/index.ts';
import { blogApi, blogKeys } from '../api.ts';

/** The signed-in user's id (the admin pages are guarded, so there is one), for per-user cache keys. */
export function useAdminUserId(): string {
  const { state } = useAuth();
  return state.user?.id ?? 'signed-out';
}

/** Every post, drafts included, newest created first. A non-admin gets a 404 (ApiError) here. */
export function useAdminPosts() {
  const userId = useAdminUserId();
  return useQuery({
    queryKey: blogKeys.adminPosts(userId),
    queryFn: ({ signal }) => blogApi.adminPosts(signal).then((answer) => answer.posts),
    // Views and statuses change behind the admin's back: every visit to the table asks again.
    staleTime: 0,
  });
}

/** One post for the editor; `enabled` false in create mode. */
export function useAdminPost(id: string, enabled: boolean) {
  const userId = useAdminUserId();
  return useQuery({
    queryKey: blogKeys.adminPost(userId, id),
    queryFn: ({ signal }) => blogApi.adminPost(id, signal),
    enabled,
    // The editor's form is filled from this once; a background refetch must not look like new data.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Public pages show what admins change: after any admin write, their cached answers are dropped. */
function useRefreshBlog() {
  const queryClient = useQueryClient();
  const userId = useAdminUserId();
  return async () => {
    await Promise.all([
      // The list only: a post just saved is already cached as the server answered it.
      queryClient.invalidateQueries({ queryKey: blogKeys.adminPosts(userId) }),
      queryClient.invalidateQueries({ queryKey: blogKeys.allPosts }),
      queryClient.invalidateQueries({ queryKey: blogKeys.allPublicPosts }),
      queryClient.invalidateQueries({ queryKey: blogKeys.categories }),
    ]);
  };
}

/** Creates (id null) or updates a post; the answer becomes the editor's cached post. */
export function useSavePost() {
  const queryClient = useQueryClient();
  const userId = useAdminUserId();
  const refresh = useRefreshBlog();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SavePostBody }): Promise<AdminPost> =>
      id ? blogApi.updatePost(id, body) : blogApi.createPost(body),
    onSuccess: async (post) => {
      queryClient.setQueryData(blogKeys.adminPost(userId, post.id), post);
      await refresh();
    },
  });
}

/** Deletes a post: it leaves the table at once and comes back if the server refuses. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  const userId = useAdminUserId();
  const refresh = useRefreshBlog();
  const key = blogKeys.adminPosts(userId);
  return useMutation({
    mutationFn: (id: string) => blogApi.deletePost(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AdminPostRow[]>(key);
      queryClient.setQueryData<AdminPostRow[]>(key, (posts) => posts?.filter((post) => post.id !== id));
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: refresh,
  });
}

/** Creating, renaming and deleting categories; each refreshes the list everyone sees. */
export function useCategoryMutations() {
  const refresh = useRefreshBlog();
  const create = useMutation({
    mutationFn: (name: string) => blogApi.createCategory(name),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => blogApi.renameCategory(id, name),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => blogApi.deleteCategory(id), onSuccess: refresh });
  return { create, rename, remove };
}
