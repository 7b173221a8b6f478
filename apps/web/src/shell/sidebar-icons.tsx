import type { ComponentType } from 'react';
import {
  IconBook2,
  IconBuildingWarehouse,
  IconBuildingCommunity,
  IconChartBar,
  IconClipboardList,
  IconCreditCard,
  IconHelpCircle,
  IconHistory,
  IconListDetails,
  IconLogout,
  IconMapRoute,
  IconReceipt2,
  IconShoppingCart,
  IconSoup,
  IconSparkles,
  IconSquarePlus,
  IconTruckDelivery,
  type IconProps,
} from '@tabler/icons-react';

/** Icon per sidebar link key of getSidebarLinks; an unknown key gets the generic list icon. */
const ICONS: Record<string, ComponentType<IconProps>> = {
  analytics: IconChartBar,
  chain: IconBuildingCommunity,
  'place-order': IconShoppingCart,
  accounting: IconReceipt2,
  'order-history': IconHistory,
  inventories: IconClipboardList,
  pos: IconBuildingWarehouse,
  'recipe-costing': IconSoup,
  distributor: IconTruckDelivery,
  'shopping-lists': IconListDetails,
  help: IconHelpCircle,
  'manage-cards': IconCreditCard,
  logout: IconLogout,
  'welcome-tour': IconMapRoute,
  'inventory-tutorial': IconBook2,
  'special-request': IconSquarePlus,
};

export function SidebarIcon({ linkKey }: { linkKey: string }) {
  const Icon = ICONS[linkKey] ?? IconSparkles;
  return <Icon size={20} stroke={1.7} aria-hidden />;
}
