import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { clampRejectQuantity, REJECT_REASONS, type RejectReason } from '@stockpot/domain';

export interface RejectChoice {
  qtyReduction: number;
  rejectReason: RejectReason;
  rejectComment: string | null;
}

/**
 * The reject dialog (doc 3 §2.5, §4 "Receiving"): a reason (Bad or damaged, Wrong item, Not
 * ordered, Other with text) and how many cases, 1 to the ordered quantity.
 */
export function RejectItemModal({
  item,
  onClose,
  onReject,
}: {
  item: { name: string; quantity: number; initial?: Partial<RejectChoice> } | null;
  onClose: () => void;
  onReject: (choice: RejectChoice) => void;
}) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={item ? `Reject ${item.name}` : ''} centered>
      {item && <RejectForm key={item.name} item={item} onClose={onClose} onReject={onReject} />}
    </Modal>
  );
}

function RejectForm({
  item,
  onClose,
  onReject,
}: {
  item: { name: string; quantity: number; initial?: Partial<RejectChoice> };
  onClose: () => void;
  onReject: (choice: RejectChoice) => void;
}) {
  const [reason, setReason] = useState<RejectReason | ''>(item.initial?.rejectReason ?? '');
  const [comment, setComment] = useState(item.initial?.rejectComment ?? '');
  const [quantity, setQuantity] = useState(clampRejectQuantity(item.initial?.qtyReduction ?? item.quantity, item.quantity));
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!reason) return setError('Choose why the item is rejected.');
    if (reason === 'Other' && !comment.trim()) return setError('Say why the item is rejected.');
    onReject({ qtyReduction: quantity, rejectReason: reason, rejectComment: reason === 'Other' ? comment.trim() : null });
  };

  return (
    <Stack gap="md">
      <Radio.Group label="Reason" value={reason} onChange={(v) => setReason(v as RejectReason)} withAsterisk>
        <Stack gap="xs" mt="xs">
          {REJECT_REASONS.map((r) => (
            <Radio key={r} value={r} label={r} />
          ))}
        </Stack>
      </Radio.Group>
      {reason === 'Other' && (
        <Textarea
          label="Other reason"
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          maxLength={500}
          minRows={2}
        />
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="One case fewer"
          disabled={quantity <= 1}
          onClick={() => setQuantity(clampRejectQuantity(quantity - 1, item.quantity))}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <NumberInput
          label="Cases to reject"
          description={`1 to ${item.quantity}`}
          value={quantity}
          min={1}
          max={item.quantity}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          w={140}
          onChange={(v) => setQuantity(clampRejectQuantity(Number(v), item.quantity))}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="One more case"
          disabled={quantity >= item.quantity}
          onClick={() => setQuantity(clampRejectQuantity(quantity + 1, item.quantity))}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={submit}>
          Reject
        </Button>
      </Group>
    </Stack>
  );
}
