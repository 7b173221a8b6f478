import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Box, Burger, Button, Group, Indicator, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconShoppingCart } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { countActiveFilters } from '@stockpot/domain';
import { useItemListStore } from '../lib/item-list-store';
import { usePageTitleStore } from '../lib/page-title';
import { BrandLogo } from '../ui/brand-logo';
import { useCartCount, useHasCart } from '../shared/cart/use-cart';
import { HeaderSearch } from './header-search';
import { TOUR_TARGET_ATTRIBUTE } from './tour-store';
import classes from './header.module.css';

// The modal (checkboxes, switch, Mantine's Modal) loads the first time Filters is pressed.
const FiltersModal = lazy(() => import('./filters/filters-modal').then((m) => ({ default: m.FiltersModal })));

const REVIEW_ORDER_PATH = '/checkout-ordering/review-order';
const LIST_VIEW_PATH = '/place-order/list';

/** Search and filters work on the list view only (doc 1 §2 "The search bar shows search filters only on the list view"). */
function useIsListView(): boolean {
  const { pathname } = useLocation();
  return pathname.replace(/\/+$/, '') === LIST_VIEW_PATH;
}

function CartButton() {
  const hasCart = useHasCart();
  const count = useCartCount();
  if (!hasCart) return null;
  return (
    <Indicator label={count} showZero size={18} offset={4} color="saffron.8" withBorder>
      <ActionIcon
        component={Link}
        to={REVIEW_ORDER_PATH}
        variant="subtle"
        size="lg"
        aria-label={`Cart, ${count} items`}
        {...{ [TOUR_TARGET_ATTRIBUTE]: 'cart' }}
      >
        <IconShoppingCart size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

function FiltersButton({ isCompact }: { isCompact: boolean }) {
  const isListView = useIsListView();
  const filters = useItemListStore((s) => s.filters);
  const setFilters = useItemListStore((s) => s.setFilters);
  const [isOpen, setIsOpen] = useState(false);
  const activeCount = countActiveFilters(filters);
  const icon = <IconAdjustmentsHorizontal size={18} aria-hidden />;
  const tourTarget = { [TOUR_TARGET_ATTRIBUTE]: 'filters' };

  return (
    <>
      <Indicator disabled={!isListView || activeCount === 0} size={10} offset={3} color="saffron.8" withBorder>
        {isCompact ? (
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Filters"
            disabled={!isListView}
            onClick={() => setIsOpen(true)}
            {...tourTarget}
          >
            {icon}
          </ActionIcon>
        ) : (
          <Button variant="default" leftSection={icon} disabled={!isListView} onClick={() => setIsOpen(true)} {...tourTarget}>
            Filters
          </Button>
        )}
      </Indicator>
      {isOpen && (
        <Suspense fallback={null}>
          <FiltersModal opened onClose={() => setIsOpen(false)} value={filters} onApply={setFilters} />
        </Suspense>
      )}
    </>
  );
}

/** The page's one h1: pages announce it with usePageTitle and start their own headings at h2. */
function PageTitle({ title, size }: { title: string; size: number }) {
  return (
    <Title order={1} fz={size} fw={700} className={classes.title} lineClamp={1}>
      {title}
    </Title>
  );
}

interface AppHeaderProps {
  isDesktop: boolean;
  isNavOpen: boolean;
  onToggleNav: () => void;
}

/** Header of doc 1 §2: menu button (phone), logo, page title, search, filters and the cart. */
export function AppHeader({ isDesktop, isNavOpen, onToggleNav }: AppHeaderProps) {
  const title = usePageTitleStore((s) => s.title);
  const isListView = useIsListView();
  if (isDesktop) {
    return (
      <Group h="100%" px="md" gap="lg" wrap="nowrap">
        <Box w={248} component={Link} to="/" className={classes.logoLink} aria-label="Stockpot home">
          <BrandLogo size={32} />
        </Box>
        <PageTitle title={title} size={20} />
        <Box className={classes.searchSlot}>
          <HeaderSearch isEnabled={isListView} />
        </Box>
        <FiltersButton isCompact={false} />
        <CartButton />
      </Group>
    );
  }
  return (
    <Box px="sm" className={classes.mobile}>
      <Group h={56} gap="xs" wrap="nowrap">
        <Burger
          opened={isNavOpen}
          onClick={onToggleNav}
          size="sm"
          aria-label={isNavOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isNavOpen}
        />
        <Box component={Link} to="/" className={classes.logoLink} aria-label="Stockpot home">
          <BrandLogo size={28} withWordmark={false} />
        </Box>
        <PageTitle title={title} size={17} />
        <FiltersButton isCompact />
        <CartButton />
      </Group>
      <Box pb="sm">
        <HeaderSearch isEnabled={isListView} />
      </Box>
    </Box>
  );
}
