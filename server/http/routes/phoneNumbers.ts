import { Router } from 'express';
import type { Database } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { guard, loadScoped, recordById } from '../crud';
import { fieldError, notFound } from '../errors';
import type { RouterFactory } from '../routerFactory';
import { paginate, type ListSpec } from '../list';
import { sendRecord } from '../record';
import { instanceResource } from './instances';

/** Countries numbers are sold in (`dial_code` without '+'). */
export const PHONE_COUNTRIES = [
  { code: 'US', name: 'United States', dial_code: '1' },
  { code: 'GB', name: 'United Kingdom', dial_code: '44' },
  { code: 'CA', name: 'Canada', dial_code: '1' },
] as const;

function countryOf(code: string | string[] | undefined) {
  const country = PHONE_COUNTRIES.find((c) => typeof code === 'string' && c.code === code.toUpperCase());
  if (!country) throw notFound('Country not supported.');
  return country;
}

function numbersSpec(countryCode: string, dialCode: string): ListSpec {
  return {
    from: 'available_phone_numbers',
    select: 'phone_number, locality, region, monthly_cost',
    sortable: { phone_number: 'phone_number', locality: 'locality', region: 'region', monthly_cost: 'monthly_cost' },
    defaultSort: 'phone_number',
    filterable: {
      region: 'region',
      locality: 'locality',
      // filter[area_code]=415: the digits after the country's dial code.
      area_code: (value) => ({ sql: 'phone_number LIKE ?', params: [`${dialCode}${value.replace(/\D/g, '')}%`] }),
      // filter[contains]=555: digits anywhere in the number.
      contains: (value) => ({ sql: 'instr(phone_number, ?) > 0', params: [value.replace(/\D/g, '')] }),
    },
    searchable: ['phone_number', 'locality', 'region'],
    where: [{ sql: 'country_code = ?', params: [countryCode] }],
  };
}

function takeNumber(db: Database, phoneNumber: string): boolean {
  return db.prepare('DELETE FROM available_phone_numbers WHERE phone_number = ?').run(phoneNumber).changes > 0;
}

/**
 * Instance phone numbers (SPEC §7): countries on offer, the numbers of a country (list envelope
 * with filters), and the purchase that moves a number onto an instance.
 */
export const phoneNumberRoutes: RouterFactory = (ctx) => {
  const router = Router();

  router.get('/instances/phonenumbers/countries', guard(instanceResource, 'browse'), (_req, res) => {
    res.json({ data: PHONE_COUNTRIES });
  });

  router.get('/instances/phonenumbers/:country', guard(instanceResource, 'browse'), (req, res) => {
    const country = countryOf(req.params.country);
    res.json(paginate(req, ctx.db, numbersSpec(country.code, country.dial_code)));
  });

  // POST /instances/{instanceId}/{phone_number}: the instance gets the number, the offer is gone.
  router.post('/instances/:id/:phoneNumber', guard(instanceResource, 'edit'), (req, res, next) => {
    const phoneNumber = String(req.params.phoneNumber).replace(/^\+/, '');
    if (!/^\d{7,15}$/.test(phoneNumber)) return next();
    const instance = loadScoped(req, ctx.db, instanceResource);
    ctx.db.transaction(() => {
      if (!takeNumber(ctx.db, phoneNumber)) throw fieldError('phone_number', 'The selected phone number is not available.');
      ctx.db.prepare('UPDATE instances SET phone_number = ?, updated_at = ? WHERE id = ?').run(phoneNumber, nowIso(), instance.id);
    })();
    sendRecord(res, recordById(ctx.db, instanceResource, instance.id));
  });

  return router;
};
