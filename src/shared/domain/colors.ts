/**
 * Random-colour defaults (docs/PRODUCT.md §9). A new notebook or todo list gets one of its six at random; the full
 * 24-colour palette of the original is not known, so any `#RRGGBB` colour is accepted when chosen.
 */
export const notebookColors = ['#3B82F6', '#10B981', '#F59E0B', '#EF4444', '#8B5CF6', '#EC4899'] as const;
export const todoColors = ['#10B981', '#14B8A6', '#06B6D4', '#8B5CF6', '#EC4899', '#F59E0B'] as const;

export const hexColorPattern = /^#[0-9A-Fa-f]{6}$/;

/** One colour of the list, picked uniformly; `random` is injectable so a test can pin the pick. */
export function pickRandomColor(colors: readonly string[], random: () => number = Math.random): string {
  const index = Math.min(colors.length - 1, Math.floor(random() * colors.length));
  return colors[index] ?? '#3B82F6';
}

/**
 * A label's colours: the notebook and todo defaults together (eight distinct), so a label can match the
 * list it mostly belongs to. The picker offers these; the API accepts any `#RRGGBB` like the others.
 */
export const labelColors: readonly string[] = [...new Set<string>([...notebookColors, ...todoColors])];
