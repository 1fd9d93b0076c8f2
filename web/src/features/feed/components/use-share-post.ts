import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreatePost } from '../api/create-post';
import type { PostPhoto } from './use-post-photo';

/**
 * Sharing a checked post: the photo (if any) is uploaded first, then the post is created as a text or an 'image'
 * post. Success and failure are told in a toast; `onShared` runs once the post is created.
 */
export function useSharePost(photo: PostPhoto, onShared: () => void) {
  const { t } = useLingui();
  const create = useCreatePost();
  const [sending, setSending] = useState(false);

  const share = async (content: string) => {
    setSending(true);
    try {
      let imageUrl: string | undefined;
      try {
        imageUrl = await photo.upload();
      } catch (err) {
        // uploadImage rejects with a message meant for the member.
        toast({ title: t`Error`, description: err instanceof Error && err.message ? err.message : t`Failed to create post`, variant: 'error' });
        return;
      }
      await create.mutateAsync(imageUrl ? { content, postType: 'image', imageUrl } : { content, postType: 'text' });
      toast({ title: t`Success`, description: t`Post shared successfully`, variant: 'success' });
      onShared();
    } catch (err) {
      toast({ title: t`Error`, description: errorText(err, t`Failed to create post`), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return { sending, share };
}
