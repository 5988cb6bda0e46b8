import { formatRatio, MIN_TEXT_CONTRAST, themeContrast } from '../../format/themeContrast';
import './themeContrast.css';

/**
 * Under a theme colour input (/settings, a user's form): how the chosen colour contrasts with the page, and whether links and
 * buttons use it as it is or a darker shade of it (the rule applied in src/machines/effects.ts).
 */
export function ThemeContrastNote({ id, colour }: { id: string; colour: string }) {
  const contrast = themeContrast(colour);
  if (!contrast) return null;
  const needed = formatRatio(MIN_TEXT_CONTRAST);
  return (
    <p id={id} className="field-hint theme-contrast">
      <span className="theme-swatch" style={{ background: contrast.chosen }} aria-hidden="true" />
      {contrast.adjusted ? (
        <>
          Contrast with the page: {formatRatio(contrast.chosenRatio)}, below the {needed} that text needs. Links and buttons use a darker
          shade, <span className="theme-swatch" style={{ background: contrast.accent }} aria-hidden="true" />
          {contrast.accent} ({formatRatio(contrast.accentRatio)}).
        </>
      ) : (
        <>
          Contrast with the page: {formatRatio(contrast.chosenRatio)} (at least {needed} is needed). Links and buttons use this colour as it is.
        </>
      )}
      {contrast.accentDark !== contrast.chosen && <> In the dark theme they use a lighter shade, {contrast.accentDark}.</>}
    </p>
  );
}
