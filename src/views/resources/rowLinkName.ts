/**
 * The name of a list row's link (its first cell). "Open {title}" tells the row apart, but speech
 * input users say what they see (WCAG 2.5.3): when the cell shows something the title does not
 * contain (a rating, a date), the name starts with what is shown.
 */
export function rowLinkName(shown: string, title: string): string {
  const visible = shown.trim();
  if (!visible || visible === '—' || title.toLowerCase().includes(visible.toLowerCase())) return `Open ${title}`;
  return `${visible}, open ${title}`;
}
