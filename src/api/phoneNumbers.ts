import { readRecord, type List } from './envelope';
import type { Http } from './http';
import type { Query } from './query';
import { itemsOf, readItems } from './relations';
import { availablePhoneNumberSchema, phoneCountrySchema, type AvailablePhoneNumber, type PhoneCountry } from './schemas/phoneNumber';
import { instanceSchema, type Instance } from './schemas/instance';

const enc = encodeURIComponent;

/** SPEC §7: instance phone numbers — countries, search by country, purchase. */
export function createPhoneNumbersApi(http: Http) {
  return {
    async countries(signal?: AbortSignal): Promise<PhoneCountry[]> {
      const response = await http.api.get('/v1/instances/phonenumbers/countries', { signal });
      return itemsOf(readItems(phoneCountrySchema, response.data));
    },
    async search(country: string, filters: Query, signal?: AbortSignal): Promise<List<AvailablePhoneNumber> | AvailablePhoneNumber[]> {
      const response = await http.api.get(`/v1/instances/phonenumbers/${enc(country)}`, { query: filters, signal });
      return readItems(availablePhoneNumberSchema, response.data);
    },
    /** Buys `phoneNumber` for the instance; the answer is the updated instance. */
    async purchase(instanceId: string, phoneNumber: string, signal?: AbortSignal): Promise<Instance> {
      const response = await http.api.post(`/v1/instances/${enc(instanceId)}/${enc(phoneNumber)}`, undefined, { signal });
      return readRecord(instanceSchema, response.data);
    },
  };
}

export type PhoneNumbersApi = ReturnType<typeof createPhoneNumbersApi>;
