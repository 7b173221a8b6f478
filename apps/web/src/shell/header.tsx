import { ActionIcon, Box, Burger, Button, Group, Indicator, TextInput, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitleStore } from '../lib/page-title';
import { useSession } from '../lib/session-store';
import { BrandLogo } from '../ui/brand-logo';
import classes from './header.module.css';

// The cart area will provide the live count; the shell shows the badge from day one.
const CART_COUNT = 0;
const REVIEW_ORDER_PATH = '/checkout-ordering/review-order';

function SearchField() {
  // Search belongs to the ordering area; the field is in place but disabled until then.
  return (
    <TextInput
      label="Search items"
      placeholder="Search arrives with ordering"
      disabled
      leftSection={<IconSearch size={18} aria-hidden />}
      classNames={{ root: classes.searchRoot, label: classes.searchLabel, wrapper: classes.searchWrapper }}
      size="sm"
    />
  );
}

function CartButton() {
  const hasCart = useSession((s) => s.activeLocation?.display_shopping_cart === 1);
  if (!hasCart) return null;
  return (
    <Indicator label={CART_COUNT} showZero size={18} offset={4} color="saffron.8" withBorder>
      <ActionIcon component={Link} to={REVIEW_ORDER_PATH} variant="subtle" size="lg" aria-label={`Cart, ${CART_COUNT} items`}>
        <IconShoppingCart size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
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
  if (isDesktop) {
    return (
      <Group h="100%" px="md" gap="lg" wrap="nowrap">
        <Box w={248} component={Link} to="/" className={classes.logoLink} aria-label="Stockpot home">
          <BrandLogo size={32} />
        </Box>
        <PageTitle title={title} size={20} />
        <Box className={classes.searchSlot}>
          <SearchField />
        </Box>
        <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />} disabled>
          Filters
        </Button>
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
        <ActionIcon variant="default" size="lg" aria-label="Filters" disabled>
          <IconAdjustmentsHorizontal size={18} aria-hidden />
        </ActionIcon>
        <CartButton />
      </Group>
      <Box pb="sm">
        <SearchField />
      </Box>
    </Box>
  );
}
