/** A letter grade as text (never colour alone); none → an em dash with a name. */
export function Grade({ grade }: { grade: string | null | undefined }) {
  if (!grade) return <span aria-label="No grade">—</span>;
  return <span className="grade">{grade}</span>;
}
