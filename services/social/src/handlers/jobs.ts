import { runJob, startJob, type JobPage, type JobState } from '@torcedor/service-kit/jobs';
import * as z from 'zod';
import { config } from '../config.ts';
import { deleteMemberPage } from '../store/member.ts';
import { deletePostRemains } from '../store/posts.ts';
import { digestPage } from './digests.ts';

/**
 * Social's paged jobs (docs/architecture.md, "Jobs"): deleting a member, what is left of a deleted post and the
 * notification digests (handlers/digests.ts), each of any size. The event or the schedule that needs one starts it and runs its pages within its budget (config: SOCIAL_JOB_BUDGET_MS,
 * SOCIAL_JOB_PAGES_PER_EVENT); the worker's minute schedule continues an unfinished one (the worker's `jobs` map).
 * The pages' steps are the store's access patterns (store/member.ts#deleteMemberPage, store/posts.ts#deletePostRemains).
 */

/** What is left of a deleted post per page of the `delete-post` job. */
const REMAINS_PAGE = 100;
const PostJob = z.object({ postId: z.string().min(1) });
const Part = z.coerce.number().int().min(0);

/** A page of the `delete-post` job: one bounded batch of the post's likes, comments and counters. */
export const deletePostPage: JobPage<z.infer<typeof PostJob>> = async ({ params, cursor }) => {
  const { postId } = PostJob.parse(params);
  const r = await deletePostRemains(postId, cursor === null ? 0 : Part.parse(cursor), REMAINS_PAGE);
  return { next: r.part === null ? null : String(r.part), done: r.done };
};

export const jobPages = { 'delete-member': deleteMemberPage, 'delete-post': deletePostPage, 'notification-digests': digestPage };

/**
 * What is left of a deleted post (PostDeleted): one page right away, and only a post with more than that (a popular
 * one) becomes a `delete-post` job, so the many small deletions leave no job item behind.
 */
export async function deleteRemainsOf(postId: string): Promise<void> {
  const first = await deletePostRemains(postId, 0, REMAINS_PAGE);
  if (first.part !== null) await startAndRun('delete-post', { postId }, postId);
}

/**
 * Starts job `name` for `key` (a run already going on is joined, never doubled) and runs its pages right away until
 * the event's budget is spent; what is left is the minute schedule's.
 */
export async function startAndRun<N extends keyof typeof jobPages>(
  name: N, params: Parameters<(typeof jobPages)[N]>[0]['params'], key: string,
): Promise<JobState<unknown> | null> {
  await startJob(name, params, key);
  const end = Date.now() + config.SOCIAL_JOB_BUDGET_MS;
  let pagesLeft = config.SOCIAL_JOB_PAGES_PER_EVENT ?? Number.POSITIVE_INFINITY;
  const page = jobPages[name] as JobPage<unknown>;
  const counted: JobPage<unknown> = async (input) => {
    try {
      return await page(input);
    } finally {
      pagesLeft -= 1;
    }
  };
  // runJob reads the deadline before each page: once the pages are spent it has passed, so no other page starts.
  return runJob(name, counted, { key, get deadline() { return pagesLeft > 0 ? end : 0; } });
}

/**
 * The `notification_digests` schedule (every 15 minutes): one run of the `notification-digests` job over every marker
 * shard (a run still going on is joined), its pages within the tick's budget, the rest the minute schedule's.
 */
export async function notificationDigests(): Promise<void> {
  await startAndRun('notification-digests', {}, 'all');
}
