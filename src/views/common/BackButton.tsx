import { useNavigate } from '../PortalContext';

/**
 * Back along the flow's own history (SPEC §2: list → record → edit returns the same way), else to
 * `fallback` — the section's list as it was left. A button, not a link: where it leads depends
 * on the path taken, and a guarded form asks first.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" className="button page-back" onClick={() => navigate.back(undefined, fallback)}>
      <span aria-hidden="true">← </span>Back
    </button>
  );
}
