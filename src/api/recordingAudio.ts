import type { Http } from './http';

/**
 * A recording's audio, fetched with the session like every other call (the `url` the recordings
 * list gives is absolute, on the API's origin), so the player never loads media on its own.
 */
export function createRecordingAudioApi(http: Http) {
  return {
    async audio(url: string, signal?: AbortSignal): Promise<Blob> {
      const response = await http.api.get(url, { responseType: 'blob', ...(signal ? { signal } : {}) });
      const data = response.data;
      if (data instanceof Blob) return data;
      throw new Error('The recording is not audio.');
    },
  };
}

export type RecordingAudioApi = ReturnType<typeof createRecordingAudioApi>;
