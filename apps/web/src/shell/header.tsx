import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Box, Burger, Button, Group, Indicator, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconArrowLeft, IconShoppingCart } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { countActiveFilters } from '@stockpot/domain';
import { useItemListStore } from '../lib/item-list-store';
import { usePageTitleStore } from '../lib/page-title';
import { BrandLogo } from '../ui/brand-logo';
import { useCartCount, useHasCart } from '../shared/cart/use-cart';
import { UnsyncedBadge } from '../shared/inventories/unsynced-badge';
import { HeaderSearch } from './header-search';
import { getCheckoutStep, StepBar } from './step-bar';
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

/**
 * A page with its own item search and Filters button (the shopping-list catalogue, doc 1 §2): the
 * header leaves out its disabled pair there, so the page does not show two of each (issue 23).
 */
function useHasOwnSearch(): boolean {
  const { pathname } = useLocation();
  return /^\/shopping-lists\/items\/[^/]+\/?$/.test(pathname);
}

/** Heights of the header's rows, so the shell can size the header for the page (getHeaderHeight). */
const ROW_HEIGHT = { desktop: 64, phone: 56, search: 52, steps: 52 };

/**
 * The header's height on a page: one row, plus the search row on a phone's list view (the only
 * page where it works), plus the step bar on a checkout step.
 */
export function getHeaderHeight(isDesktop: boolean, pathname: string): number {
  const hasSteps = getCheckoutStep(pathname) !== null;
  const isListView = pathname.replace(/\/+$/, '') === LIST_VIEW_PATH;
  const main = isDesktop ? ROW_HEIGHT.desktop : ROW_HEIGHT.phone + (isListView ? ROW_HEIGHT.search : 0);
  return main + (hasSteps ? ROW_HEIGHT.steps : 0);
}

/**
 * Back (doc 1 §2 Header "Menu button, back, logo, …"): the previous page of this visit, or the home
 * page when the app was opened on this one.
 */
function BackButton() {
  const navigate = useNavigate();
  // React Router keys the entry the app opened on 'default': there is no page of this visit before it.
  const { key } = useLocation();
  const goBack = () => void (key === 'default' ? navigate('/') : navigate(-1));
  return (
    <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={goBack}>
      <IconArrowLeft size={20} aria-hidden />
    </ActionIcon>
  );
}

function CheckoutSteps() {
  const { pathname } = useLocation();
  const step = getCheckoutStep(pathname);
  return step === null ? null : <StepBar current={step} />;
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
function PageTitle({ title, size, lines = 1 }: { title: string; size: number; lines?: number }) {
  return (
    <Title order={1} fz={size} fw={700} lh={lines > 1 ? 1.2 : undefined} className={classes.title} lineClamp={lines}>
      {title}
    </Title>
  );
}

interface AppHeaderProps {
  isDesktop: boolean;
  isNavOpen: boolean;
  onToggleNav: () => void;
}

/** Header of doc 1 §2: menu button (phone), back, logo, page title, search, filters, the cart, and the step bar on checkout steps. */
export function AppHeader({ isDesktop, isNavOpen, onToggleNav }: AppHeaderProps) {
  const title = usePageTitleStore((s) => s.title);
  const isListView = useIsListView();
  const hasOwnSearch = useHasOwnSearch();
  if (isDesktop) {
    return (
      <Box px="md">
        <Group h={ROW_HEIGHT.desktop} gap="lg" wrap="nowrap">
          <BackButton />
          <Box w={210} component={Link} to="/" className={classes.logoLink} aria-label="Stockpot home">
            <BrandLogo size={32} />
          </Box>
          <PageTitle title={title} size={20} />
          <Box className={classes.searchSlot}>{!hasOwnSearch && <HeaderSearch isEnabled={isListView} />}</Box>
          {!hasOwnSearch && <FiltersButton isCompact={false} />}
          <UnsyncedBadge />
          <CartButton />
        </Group>
        <CheckoutSteps />
      </Box>
    );
  }
  return (
    <Box px="sm" className={classes.mobile}>
      <Group h={ROW_HEIGHT.phone} gap="xs" wrap="nowrap">
        <Burger
          opened={isNavOpen}
          onClick={onToggleNav}
          size="sm"
          aria-label={isNavOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isNavOpen}
        />
        <BackButton />
        <Box component={Link} to="/" className={classes.logoLink} aria-label="Stockpot home">
          <BrandLogo size={28} withWordmark={false} />
        </Box>
        {/* Two lines on a phone: a title such as 'Shipping and Payment' is read whole, not cut to 'Shipping and…'. */}
        <PageTitle title={title} size={17} lines={2} />
        {/* Like the search row, Filters works on the list view only: elsewhere a phone gives its room to the title. */}
        {!hasOwnSearch && isListView && <FiltersButton isCompact />}
        <UnsyncedBadge />
        <CartButton />
      </Group>
      {/* The search works on the list view only: elsewhere its row would take a phone's space for nothing. */}
      {isListView && (
        <Box pb="sm">
          <HeaderSearch isEnabled />
        </Box>
      )}
      <CheckoutSteps />
    </Box>
  );
}
