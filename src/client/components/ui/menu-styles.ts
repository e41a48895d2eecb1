// The look of every dropdown menu (Radix DropdownMenu): its panel and its items. The panel's width is
// the menu's own (`min-w-…` beside this class).
export const menuContentClass =
  'z-50 rounded-lg border border-slate-200 bg-white p-1 text-slate-700 shadow-lg';

export const menuItemClass =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-slate-100';
