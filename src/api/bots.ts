import { filenameFromDisposition } from './download';
import type { Http } from './http';
import { fileBlob, noRecordError, recordOrNull, RESOURCE_DEFS, type ExportedFile, type ResourceRecord } from './resources';

const enc = encodeURIComponent;

/** SPEC §7's bot and agent actions beyond CRUD: duplicate, export, import. */
export function createBotActionsApi(http: Http) {
  return {
    /** POST /v1/{bots|agents}/{id}/duplicate → the copy; an answer without one is a failure. */
    async duplicate(section: 'bots' | 'agents', id: string, signal?: AbortSignal): Promise<ResourceRecord> {
      const path = `/v1/${section}/${enc(id)}/duplicate`;
      const response = await http.api.post(path, undefined, { signal });
      const copy = recordOrNull(RESOURCE_DEFS[section].schema, response.data);
      if (!copy) throw noRecordError('POST', path, response);
      return copy;
    },
    async exportBot(id: string, signal?: AbortSignal): Promise<ExportedFile> {
      const response = await http.api.get(`/v1/bots/${enc(id)}/export`, { signal });
      const blob = fileBlob(response.data, 'application/json');
      return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition'), `bot-${id}.json`) };
    },
    /** Import is a POST to /v1/bots/ with the exported file as multipart field `file`. */
    /** `accountId`: the account the bot goes to (a level-9 user's choice; the API checks it). */
    async importBot(file: Blob, filename = 'bot.json', signal?: AbortSignal, accountId?: string): Promise<ResourceRecord> {
      const form = new FormData();
      form.append('file', file, filename);
      if (accountId) form.append('account_id', accountId);
      const response = await http.api.post('/v1/bots/', form, { signal });
      const bot = recordOrNull(RESOURCE_DEFS.bots.schema, response.data);
      // SPEC §8: the file went up but no bot came back.
      if (!bot) throw noRecordError('POST', '/v1/bots/', response).withOwnSummary('Import Record Failed');
      return bot;
    },
  };
}

export type BotActionsApi = ReturnType<typeof createBotActionsApi>;
