import { filenameFromDisposition } from './download';
import type { Http } from './http';
import { fileBlob, recordOrNull, RESOURCE_DEFS, type ExportedFile, type ResourceRecord } from './resources';

const enc = encodeURIComponent;

/** SPEC §7's bot and agent actions beyond CRUD: duplicate, export, import. */
export function createBotActionsApi(http: Http) {
  return {
    /** POST /v1/{bots|agents}/{id}/duplicate → the copy (null when the server sent none). */
    async duplicate(section: 'bots' | 'agents', id: string, signal?: AbortSignal): Promise<ResourceRecord | null> {
      const response = await http.api.post(`/v1/${section}/${enc(id)}/duplicate`, undefined, { signal });
      return recordOrNull(RESOURCE_DEFS[section].schema, response.data);
    },
    async exportBot(id: string, signal?: AbortSignal): Promise<ExportedFile> {
      const response = await http.api.get(`/v1/bots/${enc(id)}/export`, { signal });
      const blob = fileBlob(response.data, 'application/json');
      return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition'), `bot-${id}.json`) };
    },
    /** Import is a POST to /v1/bots/ with the exported file as multipart field `file`. */
    async importBot(file: Blob, filename = 'bot.json', signal?: AbortSignal): Promise<ResourceRecord | null> {
      const form = new FormData();
      form.append('file', file, filename);
      const response = await http.api.post('/v1/bots/', form, { signal });
      return recordOrNull(RESOURCE_DEFS.bots.schema, response.data);
    },
  };
}

export type BotActionsApi = ReturnType<typeof createBotActionsApi>;
