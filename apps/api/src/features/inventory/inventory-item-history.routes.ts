import { z } from 'zod';
import { envelope, groupItemParamsSchema, historicRecordSchema, itemPriceAnalyticsSchema } from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { getHistoricInventory, getItemPriceAnalytics } from './inventory-item-history.service';
import { errorResponses, tags, type InventoryApp } from './inventory-route-parts';

/** A group's catalogue item's history: its past counts and its price windows. */
export function registerInventoryItemHistoryRoutes(app: InventoryApp): void {
  app.get(
    '/comparison-views/:id/groups/:groupId/item/:itemId/historic-inventory',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A catalogue item's count in the last 12 completed inventories, with the cases ordered until the next one",
        params: groupItemParamsSchema,
        response: { 200: envelope(z.array(historicRecordSchema)), ...errorResponses },
      },
    },
    async (request) => ({
      data: await getHistoricInventory(
        app.db,
        await requireActiveLocation(request),
        request.params.id,
        request.params.groupId,
        request.params.itemId,
      ),
    }),
  );

  app.get(
    '/comparison-views/:id/groups/:groupId/item/:itemId/price-analytics',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A catalogue item's average price paid per ~31-day window over the last 12 months",
        params: groupItemParamsSchema,
        response: { 200: envelope(itemPriceAnalyticsSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await getItemPriceAnalytics(
        app.db,
        await requireActiveLocation(request),
        request.params.id,
        request.params.groupId,
        request.params.itemId,
      ),
    }),
  );
}
