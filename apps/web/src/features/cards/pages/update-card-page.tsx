import { useEffect } from 'react';
import { Card, Center, Loader, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { CARD_NOT_FOUND } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { usePaymentMethod } from '../../../shared/payment';
import { MANAGE_CARDS_PATH } from '../card-paths';
import { UpdateCardForm } from '../components/update-card-form';
import { LoadFailed } from '../../../ui/load-failed';

/** /manage-cards/update-card/{id}: edit a saved card; a 404 says 'Credit Card Not Found' and goes back to the list (doc 3 §8). */
export function UpdateCardPage() {
  usePageTitle('Update Card');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const card = usePaymentMethod(id);
  const isNotFound = card.isError && isApiError(card.error) && card.error.status === 404;

  useEffect(() => {
    if (!isNotFound) return;
    // One id, so a repeated effect (StrictMode) replaces the modal instead of stacking a twin.
    openMessageModal({ id: 'card-not-found', message: CARD_NOT_FOUND });
    navigate(MANAGE_CARDS_PATH, { replace: true });
  }, [isNotFound, navigate]);

  if (isNotFound) return null;
  const backToList = () => navigate(MANAGE_CARDS_PATH);

  let content;
  if (card.isPending)
    content = (
      <Center py="xl" role="status" aria-label="Loading card">
        <Loader />
      </Center>
    );
  else if (card.isError) content = <LoadFailed title="This card could not be loaded" onRetry={() => void card.refetch()} />;
  else content = <UpdateCardForm card={card.data} onSaved={backToList} onCancel={backToList} />;

  return (
    <Stack maw={560} mx="auto" w="100%">
      <Card withBorder radius="lg" padding="lg">
        {content}
      </Card>
    </Stack>
  );
}
