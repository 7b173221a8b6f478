import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { getFailureText, validateLoginForm, type SignedInUser } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { useAuthenticate } from '../api/use-authenticate';

/** Statuses whose message the user sees (doc 3 §8 says 400; a 429 carries the wait time, which the user needs too). */
const SHOWN_STATUSES = [400, 429] as const;
const FIELDS = ['email', 'password'] as const;

/** `initialEmail`: the account just signed up (issue 31), so only the password is left to type. */
export function LoginForm({
  onSignedIn,
  initialEmail = '',
}: {
  onSignedIn: (user: SignedInUser) => void;
  initialEmail?: string;
}) {
  const authenticate = useAuthenticate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: initialEmail, password: '' },
    validate: (values) => validateLoginForm(values),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    authenticate.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const status = isApiError(error) ? error.status : 0;
          const fieldErrors = isApiError(error) ? error.errors.filter((e) => FIELDS.some((f) => f === e.field)) : [];
          if (fieldErrors.length) form.setErrors(Object.fromEntries(fieldErrors.map((e) => [e.field, e.message])));
          setFailure(getFailureText(status, error.message, SHOWN_STATUSES));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            {failure}
          </Alert>
        )}
        <TextInput label="Email" type="email" autoComplete="username" withAsterisk {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          // Mantine's default name for the eye button contains "password", which makes a label lookup for
          // the field itself ambiguous.
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
          // The e-mail is already there after a sign-up: the password is what is left to type.
          autoFocus={initialEmail !== ''}
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={authenticate.isPending} mt="xs">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
