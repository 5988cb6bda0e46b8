import { z } from 'zod';
import { crudRouter } from '../crud';
import { nullAsAbsent, optionalId, phoneNumber, requiredString } from '../fields';
import { combine, relationRouter, slotsBriefRouter, type LinkRelation } from '../relations';
import type { ResourceConfig } from '../resource';
import { dispositionResource } from './dispositions';
import { scorecardResource } from './scorecards';

export const INSTANCE_STATUSES = ['active', 'paused'] as const;

const create = z.object({
  name: requiredString(),
  phone_number: phoneNumber,
  bot_id: optionalId,
  status: nullAsAbsent(z.enum(INSTANCE_STATUSES)),
});

/** Where bots run: a phone number (bought through phoneNumbers.ts) and the bot answering it. */
export const instanceResource: ResourceConfig = {
  path: 'instances',
  table: 'instances',
  model: 'Instances',
  fields: ['name', 'phone_number', 'bot_id', 'status'],
  idLists: {
    dispositions: { table: 'instance_dispositions', ownKey: 'instance_id', otherKey: 'disposition_id' },
    scorecards: { table: 'instance_scorecards', ownKey: 'instance_id', otherKey: 'scorecard_id' },
  },
  references: { bot_id: 'bots' },
  create,
  update: create.partial(),
  list: {
    defaultSort: 'name',
    sortable: { name: 'instances.name COLLATE NOCASE', status: 'instances.status', phone_number: 'instances.phone_number' },
    filterable: { status: 'instances.status', bot_id: 'instances.bot_id' },
    searchable: ['instances.name', 'instances.phone_number'],
  },
};

const relations: LinkRelation[] = [
  {
    parent: instanceResource, child: dispositionResource, segment: 'dispositions',
    table: 'instance_dispositions', parentKey: 'instance_id', childKey: 'disposition_id',
  },
  {
    parent: instanceResource, child: scorecardResource, segment: 'scorecards',
    table: 'instance_scorecards', parentKey: 'instance_id', childKey: 'scorecard_id',
  },
];

export const instanceRoutes = combine(
  ...relations.map(relationRouter),
  slotsBriefRouter(instanceResource, relations),
  crudRouter(instanceResource),
);
