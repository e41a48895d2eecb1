/**
 * Typography for post HTML (headings, lists, quotes, code, images, links), written as Tailwind
 * descendant variants so no typography plugin is needed. The public post, the editor and the
 * server-rendered post page (server/modules/blog/blog-page-body.ts) share it, so what the admin sees
 * while writing is what readers get, before and after the SPA takes over.
 */
export const proseStyles = [
  'text-lg leading-8 text-slate-700 [overflow-wrap:anywhere]',
  '[&>*+*]:mt-6',
  '[&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:tracking-tight [&_h1]:text-slate-950',
  '[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-950',
  '[&_h3]:mt-10 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-950',
  '[&_h4]:mt-8 [&_h4]:font-semibold [&_h4]:text-slate-950',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 [&_em]:italic',
  '[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:decoration-blue-300 [&_a]:underline-offset-4 [&_a:hover]:decoration-blue-700',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li>p]:mt-0 [&_li::marker]:text-slate-400',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-blue-200 [&_blockquote]:pl-5 [&_blockquote]:text-slate-600 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-slate-900',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-900 [&_pre]:p-5 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_hr]:border-slate-200',
].join(' ');
