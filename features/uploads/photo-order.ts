/** The photos with the one at `index` moved one place earlier (-1) or later (+1); unchanged at the ends. */
export function movePhoto(images: readonly string[], index: number, step: -1 | 1): string[] {
  const to = index + step;
  const next = [...images];
  if (index < 0 || index >= next.length || to < 0 || to >= next.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
