import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { getFailureText, HELP_PROMPT, HELP_SUCCESS_TEXT, HELP_TITLE, validateHelpMessage } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { useSendHelp } from '../api/use-send-help';

/** /help (doc 3 §2.10, §5 "Help description", §8 "Help"). */
export function HelpPage() {
  usePageTitle(HELP_TITLE);
  const sendHelp = useSendHelp();
  const [outcome, setOutcome] = useState<{ isSuccess: boolean; text: string } | null>(null);
  const form = useForm({
    initialValues: { message: '' },
    validate: { message: (value) => validateHelpMessage(value) },
  });

  const submit = form.onSubmit(({ message }) => {
    setOutcome(null);
    sendHelp.mutate(
      { message: message.trim() },
      {
        onSuccess: () => {
          setOutcome({ isSuccess: true, text: HELP_SUCCESS_TEXT });
          form.reset();
        },
        onError: (error) =>
          setOutcome({ isSuccess: false, text: getFailureText(isApiError(error) ? error.status : 0, error.message) }),
      },
    );
  });

  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <Card withBorder radius="lg" padding="xl">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} fz={22}>
              {HELP_PROMPT}
            </Title>
            <Text c="dimmed" fz="sm">
              Tell us what went wrong or what you need. We read every report and answer by e-mail.
            </Text>
            {outcome && (
              <Alert
                role={outcome.isSuccess ? 'status' : 'alert'}
                color={outcome.isSuccess ? 'green' : 'red'}
                variant="light"
                icon={outcome.isSuccess ? <IconCircleCheck size={20} aria-hidden /> : <IconAlertCircle size={20} aria-hidden />}
              >
                {outcome.text}
              </Alert>
            )}
            <Textarea
              label="Description"
              placeholder="Describe the issue or your question"
              withAsterisk
              rows={6}
              {...form.getInputProps('message')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={sendHelp.isPending}>
                Submit
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
