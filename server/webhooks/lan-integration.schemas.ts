import { z } from 'zod';
import { fieldMessage } from '../platform/field-errors.ts';
import { ATTRIBUTE, timestamp } from '../platform/schemas.ts';
import { normalizeLanHost } from './destination.rules.ts';

export const lanIntegrationSchema = z
  .object({
    id: z.number().int(),
    host: z.string().meta({
      description: 'host or host:port, normalised (IPv6 in brackets); without a port every port of the host',
      example: '192.168.1.20:8080',
    }),
    description: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'LanIntegration' });

export const allowLanHostBody = z
  .object({
    host: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .refine((value) => normalizeLanHost(value) !== null, { message: fieldMessage.lanHost(ATTRIBUTE) }),
    description: z.string().trim().max(200).optional(),
  })
  .meta({ id: 'AllowLanHost' });

export const lanIntegrationParams = z.object({
  id: z.coerce.number().int().min(1).meta({ description: 'LAN integration id' }),
});
