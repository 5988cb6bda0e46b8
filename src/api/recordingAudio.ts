import { ApiError } from './errors';
import type { Http, HttpResponse } from './http';

/** One request's share of a recording: long recordings come in parts, each a bounded answer. */
export const AUDIO_PART_BYTES = 4 * 1024 * 1024;
/** Bound on the parts of one recording (2 GB): a backend that never ends its ranges stops here. */
const MAX_PARTS = 512;

interface ContentRange {
  start: number;
  end: number;
  total: number | null;
}

/** `Content-Range: bytes 0-99/1234` (or `/*` when the total is unknown). */
function contentRangeOf(header: string | null): ContentRange | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), total: match[3] === '*' ? null : Number(match[3]) };
}

function blobOf(response: HttpResponse): Blob {
  if (response.data instanceof Blob) return response.data;
  throw new Error('The recording is not audio.');
}

/**
 * A recording's audio. The recordings list gives an absolute `url`:
 * - on the API's origin it is fetched with the session like every other call (cookies and the
 *   stored tokens), with HTTP Range in parts of AUDIO_PART_BYTES: a backend that answers 206
 *   is read part by part, one that ignores Range answers 200 with the whole file at once;
 * - anywhere else (a storage bucket's signed link) it is fetched as given, without credentials:
 *   the session and its tokens never go to a host the configuration did not name.
 */
export function createRecordingAudioApi(
  http: Http,
  { partBytes = AUDIO_PART_BYTES, fetchElsewhere = (...args) => fetch(...args) }: { partBytes?: number; fetchElsewhere?: typeof fetch } = {},
) {
  async function fromApi(url: string, signal?: AbortSignal): Promise<Blob> {
    const parts: Blob[] = [];
    let type = '';
    let next = 0;
    for (let part = 0; part < MAX_PARTS; part += 1) {
      let response: HttpResponse;
      try {
        response = await http.api.get(url, { responseType: 'blob', headers: { range: `bytes=${next}-${next + partBytes - 1}` }, ...(signal ? { signal } : {}) });
      } catch (failure) {
        // 416 after a part that ended exactly on the file's end: the file is complete.
        if (failure instanceof ApiError && failure.status === 416 && parts.length) break;
        throw failure;
      }
      const blob = blobOf(response);
      type ||= response.headers.get('content-type') ?? blob.type;
      if (response.status !== 206) {
        if (parts.length) throw new Error('The recording changed while it was fetched.');
        return blob;
      }
      const range = contentRangeOf(response.headers.get('content-range'));
      if (range && range.start !== next) throw new Error('The recording came back out of order.');
      parts.push(blob);
      next += blob.size;
      const complete = range?.total != null ? next >= range.total : blob.size < partBytes;
      if (complete || blob.size === 0) return new Blob(parts, { type });
    }
    if (parts.length) return new Blob(parts, { type });
    throw new Error('The recording is too long to play here.');
  }

  async function fromElsewhere(url: string, signal?: AbortSignal): Promise<Blob> {
    const response = await fetchElsewhere(url, { credentials: 'omit', ...(signal ? { signal } : {}) });
    if (!response.ok) throw new ApiError({ status: response.status, detail: 'The recording cannot be fetched.' });
    return response.blob();
  }

  return {
    audio(url: string, signal?: AbortSignal): Promise<Blob> {
      return http.isApiUrl(url) ? fromApi(url, signal) : fromElsewhere(url, signal);
    },
  };
}

export type RecordingAudioApi = ReturnType<typeof createRecordingAudioApi>;
