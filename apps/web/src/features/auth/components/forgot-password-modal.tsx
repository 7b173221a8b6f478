import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateForgotPasswordEmail } from '@stockpot/domain';
import { CONTACT_US_HREF } from '../../../ui/auth-frame';

/**
 * Forgot Password (doc 3 §2.1, §5). Sending the reset e-mail is not built yet, so after a valid
 * e-mail the modal says so plainly and points to support instead of pretending a mail was sent.
 */
export function ForgotPasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => validateForgotPasswordEmail(value) },
  });

  const close = () => {
    onClose();
    setHasSubmitted(false);
    form.reset();
  };

  return (
    <Modal opened={opened} onClose={close} title="Forgot Password?" centered>
      {hasSubmitted ? (
        <Stack gap="md">
          <Text>
            Resetting a password by e-mail arrives soon. Until then, write to{' '}
            <Anchor href={`${CONTACT_US_HREF}?subject=Password%20reset`}>support@stockpot.example</Anchor> and we will reset it
            for you.
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>Ok!</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(() => setHasSubmitted(true))} noValidate>
          <Stack gap="md">
            <Text c="dimmed" fz="sm">
              Enter the e-mail you sign in with.
            </Text>
            <TextInput label="Email" type="email" autoComplete="email" data-autofocus {...form.getInputProps('email')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Reset Password</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
