import { useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { CHAIN_VARIANCE_OTHER_OFFERS_SHOWN, type ChainVarianceRow } from '@stockpot/domain';

/**
 * The other offers a matched row groups ("also Sysco · C-41 · 4/1 GAL"): the first few, then a link
 * for the rest. At chain scale a row groups 13–26 offers, which made each row a screen tall.
 */
export function VarianceOffers({ row }: { row: ChainVarianceRow }) {
  const [isOpen, setIsOpen] = useState(false);
  if (row.offers.length < 2) return null;
  const others = row.offers.slice(1);
  const shown = isOpen ? others : others.slice(0, CHAIN_VARIANCE_OTHER_OFFERS_SHOWN);
  const label = isOpen ? 'Show fewer offers' : `Show ${others.length - shown.length} more offers`;
  return (
    <Text fz="xs" c="dimmed" component="div">
      <Text span fz="xs" fw={600} c="dimmed">
        {row.offers.length} offers
      </Text>
      {shown.map((offer) => (
        <div key={offer.itemDistributorId}>
          also {offer.distributor} · {offer.din} · {offer.packSize}
        </div>
      ))}
      {others.length > CHAIN_VARIANCE_OTHER_OFFERS_SHOWN && (
        <Anchor
          component="button"
          type="button"
          fz="xs"
          aria-expanded={isOpen}
          aria-label={`${label} of ${row.name}`}
          onClick={() => setIsOpen((open) => !open)}
        >
          {label}
        </Anchor>
      )}
    </Text>
  );
}
