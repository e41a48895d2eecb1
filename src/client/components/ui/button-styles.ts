// Shared looks for the marketing pages' links-styled-as-buttons, so every call to action matches.
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2';

export const buttonStyles = {
  primary: `${base} bg-blue-600 text-white shadow-sm shadow-blue-600/25 hover:bg-blue-700 focus-visible:outline-blue-600`,
  secondary: `${base} bg-white text-slate-900 shadow-sm ring-1 ring-slate-200 ring-inset hover:bg-slate-50 hover:ring-slate-300 focus-visible:outline-blue-600`,
  ghost: `${base} text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-blue-600`,
  onDark: `${base} bg-white text-slate-900 shadow-sm hover:bg-blue-50 focus-visible:outline-white`,
  ghostOnDark: `${base} text-white ring-1 ring-white/30 ring-inset hover:bg-white/10 focus-visible:outline-white`,
  sm: 'px-3.5 py-2 text-sm',
  md: 'px-4.5 py-2.5 text-sm',
  lg: 'px-6 py-3 text-base',
} as const;

export const textLinkStyle =
  'font-medium text-blue-700 underline decoration-blue-300 underline-offset-4 hover:decoration-blue-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
