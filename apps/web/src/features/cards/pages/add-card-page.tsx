import { Card, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { AddCardForm, usePaymentMethods } from '../../../shared/payment';
import { MANAGE_CARDS_PATH } from '../card-paths';

/** /manage-cards/add-card: the two-step card form (doc 3 §2.9). */
export function AddCardPage() {
  usePageTitle('Add Card');
  const navigate = useNavigate();
  const cards = usePaymentMethods();
  const backToList = () => navigate(MANAGE_CARDS_PATH);
  return (
    <Stack maw={560} mx="auto" w="100%">
      <Card withBorder radius="lg" padding="lg">
        <AddCardForm canChooseDefault={(cards.data?.length ?? 0) > 0} onSaved={backToList} onCancel={backToList} />
      </Card>
    </Stack>
  );
}
