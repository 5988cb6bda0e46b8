/** A file the user downloads: its bytes and the name it is saved under. */
export interface SavedFile {
  blob: Blob;
  filename: string;
}

/**
 * THE save-a-file helper: the browser's download of `file` (its code loads on first use), nothing
 * outside a browser. Machines that export take it as their default `save`; tests pass their own.
 */
export function saveFile(file: SavedFile): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  void import('../api/download').then(({ saveBlob }) => saveBlob(file.blob, file.filename));
}
