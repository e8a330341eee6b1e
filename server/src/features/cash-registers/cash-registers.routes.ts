import { cashRegister, cashRegisterBody } from '@app/common/contracts/cash-registers';
import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import {
  createCashRegister,
  deleteCashRegister,
  findMyCashRegister,
  shopCashRegisters,
  updateCashRegister,
} from './cash-registers.service.js';

const tags = ['cash-registers'];

/** Cash registers (seed 001 §7: /api/caisses, /api/caisses_boutique/{b}); every shop has a default one. */
export function cashRegistersRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/caisses_boutique/:b', {
      schema: { tags, params: z.object({ b: idParam }), response: { 200: z.array(cashRegister) } },
      config: { permission: 'cashRegisters:read' },
      handler: (request) => shopCashRegisters(db, requireShop(request)),
    });

    app.post('/api/caisses', {
      schema: { tags, body: cashRegisterBody, response: { 201: cashRegister } },
      config: { permission: 'cashRegisters:manage' },
      handler: async (request, reply) => reply.status(201).send(await createCashRegister(db, requireShop(request), request.body)),
    });

    app.put('/api/caisses/:idCaisse', {
      schema: { tags, params: z.object({ idCaisse: idParam }), body: cashRegisterBody, response: { 200: cashRegister } },
      config: { permission: 'cashRegisters:manage', record: { param: 'idCaisse', find: findMyCashRegister } },
      handler: (request) => updateCashRegister(db, requireActor(request), request.params.idCaisse, request.body),
    });

    app.delete('/api/caisses/:idCaisse', {
      schema: { tags, params: z.object({ idCaisse: idParam }), response: { 200: okResponse } },
      config: { permission: 'cashRegisters:manage', record: { param: 'idCaisse', find: findMyCashRegister } },
      handler: async (request) => {
        await deleteCashRegister(db, requireActor(request), request.params.idCaisse);
        return { ok: true as const };
      },
    });
  };
}
