import { ActionIcon, Badge, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconClipboardList,
  IconHeart,
  IconHeartFilled,
  IconHistory,
  IconPhoneCall,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import {
  canEditPackSize,
  canResetPackSize,
  formatMoney,
  formatUnitPrice,
  getInvoicePriceTooltip,
  INVENTORY_TEXTS,
  truncateDescription,
  type GroupItem,
} from '@stockpot/domain';
import { Hint } from '../../../ui/hint';
import { ItemImage } from '../../../ui/item-image';
import { OnHandField } from './on-hand-field';
import { HoverHint } from '../../../ui/hover-hint';
import { LazyMenu } from '../../../ui/lazy-menu';
import classes from './inventory.module.css';

interface ItemCardProps {
  item: GroupItem;
  canEdit: boolean;
  onCount: (counts: { onHand?: number; onHandPack?: number; onHandUom?: number }) => void;
  onTogglePreferred: () => void;
  onRemove: () => void;
  onAddToOrder: () => void;
  onEditPackSize: () => void;
  onResetPackSize: () => void;
  onShowHistory: () => void;
}

/** The price; one taken from an electronic invoice says so: 'Electronic Invoice {MM-DD-YYYY}' (doc 2 §8). */
function ItemPrice({ item }: { item: GroupItem }) {
  const price = item.isMarketPrice ? 'MKT' : formatMoney(item.price);
  const fromInvoice = item.isElectronicInvoiceItem && !item.isMarketPrice && item.purchasedPrice === item.price;
  const tooltip = fromInvoice ? getInvoicePriceTooltip(item.invoiceDate) : null;
  return tooltip ? <Hint label={tooltip}>{price}</Hint> : <>{price}</>;
}

/** An item card of a group (doc 2 §2 "Item cards"): icons, details, prices and on-hand inputs. */
export function ItemCard({
  item,
  canEdit,
  onCount,
  onTogglePreferred,
  onRemove,
  onAddToOrder,
  onEditPackSize,
  onResetPackSize,
  onShowHistory,
}: ItemCardProps) {
  // Custom items change their pack in Edit Custom Item; a sub-recipe counts batches of its yield.
  const hasPackMenu = canEdit && !item.isCustomItem && !item.isSubRecipe;
  const name = truncateDescription(item.name);
  const lastPurchased = `Last purchased ${item.lastPurchasedDate}${item.lastPurchasedQty ? `, ${item.lastPurchasedQty} ordered` : ''}`;
  const card = (
    <Card
      withBorder
      padding="sm"
      radius="md"
      className={`${classes.itemCard} ${item.isPunchedOut ? classes.punchedOut : ''}`}
      aria-label={item.name}
      component="article"
      // Where a barcode scan brings the focus (components/barcode-finder.tsx).
      data-item-distributor-id={item.itemDistributorId ?? undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Preferred: ${item.name}`}
              aria-pressed={item.isPreferred}
              disabled={!canEdit}
              onClick={onTogglePreferred}
            >
              {item.isPreferred ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
            </ActionIcon>
            {item.isSubRecipe && (
              <HoverHint label="Sub-recipe">
                <IconToolsKitchen2 size={16} aria-label="Sub-recipe" />
              </HoverHint>
            )}
            {item.autoAdded && (
              <Badge size="xs" variant="light">
                Auto added
              </Badge>
            )}
            {item.isUnpurchasable && (
              <HoverHint label="Call-in item">
                <IconPhoneCall size={16} aria-label="Call-in item" />
              </HoverHint>
            )}
            {item.orderGuideId !== null && (
              <HoverHint label="On the order guide">
                <IconClipboardList size={16} aria-label="On the order guide" />
              </HoverHint>
            )}
            {item.lastPurchasedDate && (
              <HoverHint label={lastPurchased}>
                <IconHistory size={16} aria-label={lastPurchased} />
              </HoverHint>
            )}
            {item.isCustomItem && (
              <Badge size="xs" variant="outline">
                Custom
              </Badge>
            )}
            {item.isBestBuy && (
              <Badge size="xs" color="teal.9">
                Best buy
              </Badge>
            )}
          </Group>
          <LazyMenu label={`Options for ${item.name}`}>
            {!item.isCustomItem && !item.isSubRecipe && <Menu.Item onClick={onAddToOrder}>Add to order</Menu.Item>}
            {!item.isCustomItem && !item.isSubRecipe && <Menu.Item onClick={onShowHistory}>History</Menu.Item>}
            {hasPackMenu && (
              <>
                <Menu.Item
                  onClick={onEditPackSize}
                  disabled={!canEditPackSize(item)}
                  title={item.isCatchWeight ? 'A catch-weight item is counted by weight' : undefined}
                >
                  Edit Packsize
                </Menu.Item>
                <Menu.Item onClick={onResetPackSize} disabled={!canResetPackSize(item)}>
                  Default Packsize
                </Menu.Item>
              </>
            )}
            {canEdit && (
              <Menu.Item color="red" onClick={onRemove}>
                Remove from group
              </Menu.Item>
            )}
            {(item.isCustomItem || item.isSubRecipe) && !canEdit && <Menu.Item disabled>No actions</Menu.Item>}
          </LazyMenu>
        </Group>
        {/* The item's picture, or its brand's (doc 2 §2 "Item cards": image). */}
        <ItemImage src={item.imageUrl || item.brandImageUrl} className={classes.itemImage} />
        <Text fw={600} fz="sm" lineClamp={2} title={item.name}>
          {name}
        </Text>
        <Text fz="xs" c="dimmed">
          {item.isSubRecipe
            ? 'Sub-recipe · counted in batches of its yield'
            : [item.din && `DIN ${item.din}`, item.brand, item.distributor].filter(Boolean).join(' · ')}
        </Text>
        <Group justify="space-between" gap={4}>
          <Text fz="xs">{item.customPackSize ?? item.packSize}</Text>
          <Text fz="sm" fw={600}>
            <ItemPrice item={item} />
            {item.isSubRecipe ? ' / batch' : item.unitMeasure !== 'CS' ? ` / ${item.unitMeasure}` : ''}
          </Text>
        </Group>
        {item.finalUnitPrice !== null && (
          <Text fz="xs" c="dimmed">
            {item.finalUnitPrice < 100
              ? formatUnitPrice(item.finalUnitPrice)
              : `${formatUnitPrice(item.finalUnitPrice)} / ${item.finalUnit}`}
          </Text>
        )}
        <Stack gap={6} data-tour-target="inventory-on-hand">
          <OnHandField
            label={item.isSubRecipe ? 'Batches' : 'Cases'}
            itemName={item.name}
            value={item.onHand}
            onCommit={(onHand) => onCount({ onHand })}
          />
          <Group gap={6} wrap="nowrap" justify="space-between">
            <OnHandField
              label="Packs"
              itemName={item.name}
              value={item.onHandPack}
              onCommit={(onHandPack) => onCount({ onHandPack })}
            />
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <OnHandField
              label="Units"
              itemName={item.name}
              value={item.onHandUom}
              onCommit={(onHandUom) => onCount({ onHandUom })}
            />
          </Group>
        </Stack>
        <Text fz="xs" aria-label={`On hand value of ${item.name}`}>
          On hand: {item.collectiveOnHand} {item.collectiveOnHandUom} · {formatMoney(item.totalOnHandAmount)}
        </Text>
      </Stack>
    </Card>
  );
  if (!item.isPunchedOut) return card;
  return (
    <Tooltip label={INVENTORY_TEXTS.punchedOutTooltip} multiline w={260}>
      {card}
    </Tooltip>
  );
}
