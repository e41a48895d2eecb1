import { type FormEvent, useCallback, useState } from 'react';
import { minReadingTime, slugify } from '../../../../shared/domain/blog.ts';
import { messages } from '../../../../shared/messages.ts';
import { type AdminPost, blogLimits, savePostBodySchema } from '../../../../shared/schemas/blog.ts';
import { buttonStyles } from '../../../../shared/site-chrome.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { type EditorFields, emptyFields, fieldsOf, saveBodyOf } from '../editor-fields.ts';
import { useSavePost } from '../hooks/use-blog-admin.ts';
import { useBlogCategories } from '../hooks/use-public-blog.ts';
import { EditorField, fieldIds, inputStyle } from './editor-field.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

type FieldErrors = Partial<Record<keyof EditorFields, string>>;

const statusLabel = { published: 'Published', draft: 'Draft' } as const;

/**
 * The post editor: create (post null) or edit. While creating, the slug follows the title until the
 * admin types in the slug field. Save Draft keeps the status (publishedAt cleared, docs/PRODUCT.md §4); Publish
 * publishes now. Errors show as `Error saving post: <message>`, and at the field they concern.
 */
export function PostEditorForm({ post }: { post: AdminPost | null }) {
  const navigate = useNavigate();
  const categories = useBlogCategories();
  const save = useSavePost();
  const [fields, setFields] = useState<EditorFields>(() => (post ? fieldsOf(post) : emptyFields));
  // The editor takes its content once; afterwards it reports changes (and owns its own state).
  const [initialContent] = useState(fields.content);
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'publish' | null>(null);
  const saved = save.data ?? post;

  const set = (name: keyof EditorFields, value: string) => {
    setFields((current) => {
      const next = { ...current, [name]: value };
      if (name === 'title' && !slugEdited) next.slug = slugify(value);
      return next;
    });
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const setContent = useCallback((html: string) => {
    setFields((current) => ({ ...current, content: html }));
    setErrors((current) => ({ ...current, content: undefined }));
  }, []);

  const submit = async (publish: boolean) => {
    const body = saveBodyOf(fields, saved?.status ?? 'draft', publish);
    const checked = savePostBodySchema.safeParse(body);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const name = issue.path[0] as keyof EditorFields;
        found[name] ??= issue.message;
      }
      setErrors(found);
      setFailure(messages.blog.errorSaving(checked.error.issues[0]?.message ?? messages.generic));
      return;
    }
    setBusy(publish ? 'publish' : 'draft');
    setFailure(null);
    try {
      const result = await save.mutateAsync({ id: saved?.id ?? null, body: checked.data });
      setErrors({});
      if (!saved) navigate(`/blog/admin/edit/${result.id}`, { replace: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : messages.generic;
      setFailure(messages.blog.errorSaving(message));
      if (error instanceof ApiError) setErrors(error.fields as FieldErrors);
    } finally {
      setBusy(null);
    }
  };

  const control = (name: keyof EditorFields, hint = false) => ({
    ...fieldIds(name, hint, errors[name]),
    value: fields[name],
    className: inputStyle,
  });

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => event.preventDefault()}
      aria-labelledby="post-editor-heading"
      className="space-y-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 id="post-editor-heading" className="text-3xl font-semibold tracking-tight text-slate-950">
            {saved ? 'Edit Post' : 'New Post'}
          </h1>
          {saved ? (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              {statusLabel[saved.status]}
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/blog/admin" className={`${buttonStyles.secondary} ${buttonStyles.md}`}>
            Cancel
          </Link>
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => submit(false)}
            className={`${buttonStyles.secondary} ${buttonStyles.md} disabled:opacity-60`}
          >
            {busy === 'draft' ? messages.blog.saving : 'Save Draft'}
          </button>
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => submit(true)}
            className={`${buttonStyles.primary} ${buttonStyles.md} disabled:opacity-60`}
          >
            Publish
          </button>
        </div>
      </div>

      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
          {failure}
        </p>
      ) : null}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <EditorField name="title" label="Title" error={errors.title}>
            <input
              {...control('title')}
              maxLength={blogLimits.title}
              onChange={(e) => set('title', e.target.value)}
            />
          </EditorField>
          <EditorField
            name="slug"
            label="Slug"
            hint="Lowercase letters, numbers and hyphens; the post's address is /blog/{slug}."
            error={errors.slug}
          >
            <input
              {...control('slug', true)}
              maxLength={blogLimits.slug}
              spellCheck={false}
              onChange={(e) => {
                setSlugEdited(true);
                set('slug', e.target.value);
              }}
            />
          </EditorField>
          <EditorField name="excerpt" label="Excerpt" error={errors.excerpt}>
            <textarea
              {...control('excerpt')}
              rows={3}
              maxLength={blogLimits.excerpt}
              onChange={(e) => set('excerpt', e.target.value)}
            />
          </EditorField>
          <div>
            <span id="post-content-label" className="block text-sm font-medium text-slate-800">
              Content
            </span>
            <div className="mt-1">
              <RichTextEditor
                labelId="post-content-label"
                initialHtml={initialContent}
                onChange={setContent}
              />
            </div>
            {errors.content ? <p className="mt-1 text-sm text-red-700">{errors.content}</p> : null}
          </div>
        </div>

        <div className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <EditorField
            name="featuredImage"
            label="Featured Image URL"
            hint="An http or https address."
            error={errors.featuredImage}
          >
            <input
              {...control('featuredImage', true)}
              type="url"
              inputMode="url"
              placeholder="https://"
              onChange={(e) => set('featuredImage', e.target.value)}
            />
          </EditorField>
          <EditorField name="categoryId" label="Category" error={errors.categoryId}>
            <select {...control('categoryId')} onChange={(e) => set('categoryId', e.target.value)}>
              <option value="">No category</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </EditorField>
          <EditorField name="tags" label="Tags" hint="Separate tags with commas." error={errors.tags}>
            <input {...control('tags', true)} onChange={(e) => set('tags', e.target.value)} />
          </EditorField>
          <EditorField name="readingTime" label="Reading Time (minutes)" error={errors.readingTime}>
            <input
              {...control('readingTime')}
              type="number"
              min={minReadingTime}
              step={1}
              inputMode="numeric"
              onChange={(e) => set('readingTime', e.target.value)}
            />
          </EditorField>
          <EditorField
            name="metaTitle"
            label="Meta Title"
            hint="Shown in search results and link previews; the title when empty."
            error={errors.metaTitle}
          >
            <input
              {...control('metaTitle', true)}
              maxLength={blogLimits.metaTitle}
              onChange={(e) => set('metaTitle', e.target.value)}
            />
          </EditorField>
          <EditorField
            name="metaDescription"
            label="Meta Description"
            hint="The excerpt when empty."
            error={errors.metaDescription}
          >
            <textarea
              {...control('metaDescription', true)}
              rows={3}
              maxLength={blogLimits.metaDescription}
              onChange={(e) => set('metaDescription', e.target.value)}
            />
          </EditorField>
        </div>
      </div>
    </form>
  );
}
