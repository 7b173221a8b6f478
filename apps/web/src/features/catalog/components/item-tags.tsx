import { Badge } from '@mantine/core';
import { getItemTags, getPurchasedTooltip, ITEM_TAG_LABELS, type ItemTag, type ListItem } from '@stockpot/domain';
import { Hint } from '../../../ui/hint';
import classes from './item-row.module.css';

const TAG_COLORS: Record<ItemTag, string> = {
  'exact-match': 'stockpot',
  'electronic-invoice': 'blue',
  'call-in': 'red',
  'order-guide': 'gray',
  rebate: 'saffron',
  purchased: 'teal',
};

/** The row's tags (doc 1 §2); Purchased carries its 'Last Purchased …' tooltip. */
export function ItemTags({ item, flags }: { item: ListItem; flags: { display_match: number; display_rebate: number } }) {
  const tags = getItemTags(item, flags);
  if (tags.length === 0) return null;
  return (
    <ul className={classes.tags} aria-label="Tags">
      {tags.map((tag) => {
        const badge = (
          <Badge
            component="span"
            color={TAG_COLORS[tag]}
            c={tag === 'purchased' ? undefined : `${TAG_COLORS[tag]}.9`}
            variant="light"
            size="sm"
            radius="sm"
            tt="none"
            className={classes.tag}
            data-tag={tag}
          >
            {ITEM_TAG_LABELS[tag]}
          </Badge>
        );
        const tooltip = tag === 'purchased' ? getPurchasedTooltip(item) : null;
        return <li key={tag}>{tooltip ? <Hint label={tooltip}>{badge}</Hint> : badge}</li>;
      })}
    </ul>
  );
}
