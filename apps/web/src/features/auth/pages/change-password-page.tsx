import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { getFailureText, validateResetPasswordForm } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { AuthFrame, CONTACT_US_HREF } from '../../../ui/auth-frame';
import { useResetPassword } from '../api/use-reset-password';

const FIELD_OF: Record<string, 'password' | 'confirmPassword'> = { password: 'password', password_repeat: 'confirmPassword' };

/** /change-password/{token} (doc 3 §2.1, §5 "Reset password", §8 "Reset password failure"). */
export function ChangePasswordPage() {
  usePageTitle('Reset Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [doneText, setDoneText] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => {
      const { token: tokenError, ...errors } = validateResetPasswordForm({ token, ...values });
      if (tokenError) setFailure(tokenError);
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    resetPassword.mutate(
      { token, password: values.password, password_repeat: values.confirmPassword },
      {
        onSuccess: (data) => setDoneText(data.message),
        onError: (error) => {
          const status = isApiError(error) ? error.status : 0;
          const fieldErrors = isApiError(error) ? error.errors.filter((e) => e.field in FIELD_OF) : [];
          if (fieldErrors.length) form.setErrors(Object.fromEntries(fieldErrors.map((e) => [FIELD_OF[e.field], e.message])));
          setFailure(getFailureText(status, error.message));
        },
      },
    );
  });

  return (
    <AuthFrame hasContactUs={false}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={26}>
            Reset Password
          </Title>
          <Text c="dimmed">Choose a new password for your account.</Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
                {failure}
              </Alert>
            )}
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={{ 'aria-label': 'Show new password characters' }}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm New Password"
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={{ 'aria-label': 'Show confirmation characters' }}
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" size="md" fullWidth loading={resetPassword.isPending} mt="xs">
              Reset Password
            </Button>
          </Stack>
        </form>
        <Text ta="center" fz="sm">
          <Anchor component={Link} to="/sign-up/1" fw={600} inherit>
            SIGN UP
          </Anchor>
          {' · '}
          <Anchor href={CONTACT_US_HREF} inherit>
            Contact Us
          </Anchor>
        </Text>
      </Stack>
      <Modal opened={doneText !== null} onClose={() => navigate('/login', { replace: true })} title="Confirmation" centered>
        <Stack gap="md">
          <Text>{doneText}</Text>
          <Group justify="flex-end">
            <Button onClick={() => navigate('/login', { replace: true })}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    </AuthFrame>
  );
}
