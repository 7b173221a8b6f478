import { Button, Group, Text } from '@mantine/core';
import { IconSquarePlus } from '@tabler/icons-react';
import { ADD_SPECIAL_REQUEST_LABEL, SPECIAL_REQUEST_PROMPT } from '@stockpot/domain';
import { openSpecialRequestModal } from '../../../shared/modals/special-request-launcher';
import classes from './item-row.module.css';

/** 'Can't find what you are looking for?' beside 'Add Special Request' (doc 1 §2). */
export function SpecialRequestPrompt() {
  return (
    <Group justify="center" gap="sm" py="lg" className={classes.prompt}>
      <Text fw={600}>{SPECIAL_REQUEST_PROMPT}</Text>
      <Button variant="outline" leftSection={<IconSquarePlus size={18} aria-hidden />} onClick={() => openSpecialRequestModal()}>
        {ADD_SPECIAL_REQUEST_LABEL}
      </Button>
    </Group>
  );
}
