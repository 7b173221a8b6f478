import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { FORGOT_PASSWORD_CLOSE_MS, getFailureText, validateForgotPasswordEmail } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { useRequestPasswordReset } from '../api/use-request-password-reset';

/**
 * Forgot Password (doc 3 §2.1, §5, §8): a valid e-mail asks for a reset link; the server's text is
 * shown and the modal closes itself after 5 s. A 400 shows the server message.
 */
export function ForgotPasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const requestReset = useRequestPasswordReset();
  const [sentText, setSentText] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => validateForgotPasswordEmail(value.trim()) },
  });

  const close = () => {
    onClose();
    setSentText(null);
    setFailure(null);
    form.reset();
  };

  useEffect(() => {
    if (!sentText) return;
    const timer = window.setTimeout(close, FORGOT_PASSWORD_CLOSE_MS);
    return () => window.clearTimeout(timer);
    // close only changes identity between renders; the timer belongs to the shown success text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sentText]);

  const submit = form.onSubmit(({ email }) => {
    setFailure(null);
    requestReset.mutate(
      { email: email.trim() },
      {
        onSuccess: (data) => setSentText(data.message),
        onError: (error) => setFailure(getFailureText(isApiError(error) ? error.status : 0, error.message)),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="Forgot Password?" centered>
      {sentText ? (
        <Stack gap="md">
          <Text role="status">{sentText}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>Ok!</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text c="dimmed" fz="sm">
              Enter the e-mail you sign in with and we will send you a link to choose a new password.
            </Text>
            {failure && (
              <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
                {failure}
              </Alert>
            )}
            <TextInput label="Email" type="email" autoComplete="email" data-autofocus {...form.getInputProps('email')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={requestReset.isPending}>
                Reset Password
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
