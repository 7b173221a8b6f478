import { useDistributors } from '../../shared/ordering-options/use-ordering-options';
import { useSession } from '../../lib/session-store';
import { useCartQuery } from '../../shared/cart/use-cart';
import { getChoices, useCheckoutStore } from './checkout-store';
import { groupCartByDistributor } from './order-lines';

/** The distributor being checked out, its cart group, its ordering fields and the choices made so far. */
export function useCheckoutGroup() {
  const cart = useCartQuery();
  const distributors = useDistributors();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  // Choices made at another location (before a switch) do not apply here.
  const distributorId = useCheckoutStore((s) => (s.locationId === locationId ? s.distributorId : null));
  const choices = useCheckoutStore((s) => getChoices(s, s.distributorId));
  const group = groupCartByDistributor(cart.data?.shoppingCart ?? []).find((g) => g.distributorId === distributorId);
  const distributor = distributors.data?.find((d) => d.id === distributorId);
  return {
    cart,
    distributors,
    distributorId,
    group,
    distributor,
    choices,
    isPending: cart.isPending || distributors.isPending,
    isError: cart.isError || distributors.isError,
    retry: () => {
      void cart.refetch();
      void distributors.refetch();
    },
  };
}
