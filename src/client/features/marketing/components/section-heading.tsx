/** Eyebrow, title (h2) and lead paragraph at the top of a landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  tone = 'light',
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  tone?: 'light' | 'dark';
}) {
  const dark = tone === 'dark';
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className={`text-sm font-semibold ${dark ? 'text-blue-300' : 'text-blue-600'}`}>{eyebrow}</p>
      <h2
        id={id}
        className={`mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl ${dark ? 'text-white' : 'text-slate-950'}`}
      >
        {title}
      </h2>
      <p className={`mt-5 text-lg leading-8 text-pretty ${dark ? 'text-slate-300' : 'text-slate-600'}`}>
        {lead}
      </p>
    </div>
  );
}
