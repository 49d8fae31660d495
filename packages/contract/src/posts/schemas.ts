import { z } from 'zod';
import { id, idList, idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/** A post (job position) of a tenant; code and name are unique in the tenant. */
export const post = z
  .object({
    id: z.number(),
    postCode: z.string(),
    postName: z.string(),
    sort: z.number(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof post>;

export const postSubmit = z.object({
  id: id.optional(),
  postCode: requiredText('short', 'posts.codeRequired'),
  postName: requiredText('standard', 'posts.nameRequired'),
  sort: z
    .number({ message: 'posts.sortRequired' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  remark: text('description').default(''),
});
export type PostSubmit = z.input<typeof postSubmit>;
/** The REST family's body: the id travels in the path. */
export const postBody = postSubmit.omit({ id: true });

export const postListQuery = pageQuery.extend({ postCode: searchText, postName: searchText });
export const postDetailQuery = z.object({ id: idParam });
export const postRemoveQuery = z.object({ ids: idList });
export const postIdParams = z.object({ postId: idParam });
export const postRemoved = z.object({ removed: z.number().int() });

/** A post as a dropdown offers it. */
export const postOption = z
  .object({ id: z.number(), postCode: z.string(), postName: z.string(), label: z.string(), value: z.number() })
  .meta({ id: 'PostOption' });
export type PostOption = z.infer<typeof postOption>;

/** A user holding a post. */
export const postUser = z.object({ id: z.number(), account: z.string(), name: z.string() }).meta({ id: 'PostUser' });
