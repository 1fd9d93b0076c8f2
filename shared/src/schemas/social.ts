import * as z from 'zod';

export const Post = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userLocation: z.string().nullable(),
  userImageUrl: z.string().nullable(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByMe: z.boolean(),
  createdAt: z.string(),
});
export type Post = z.infer<typeof Post>;
export const PostList = z.array(Post);
