import { useState } from 'react';
import { Button, Checkbox, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { validateSignUpLegal } from '@stockpot/domain';
import { updateLegal, useSignUpWizard } from './sign-up-store';
import { WizardButtons } from './wizard-buttons';

/** The agreement of doc 3 §2.11 step 3, with the terms §9 names (90 days, 5 business days, quarterly rebates). */
export const AGREEMENT_PARAGRAPHS = [
  'By ticking the box and signing below, you, on behalf of the business named on step 1 (the "Business"), acknowledge, authorize and agree to the following.',
  '1. Enrollment. You authorize Stockpot to enroll the Business in the manufacturer rebate and purchasing programs Stockpot takes part in, and to act for the Business in those programs.',
  '2. Purchase data. You authorize Stockpot to contact the distributors the Business buys from, including those named in this sign-up, and to request and receive the Business’s purchase data (invoices, order guides, pricing and purchase history) for as long as this authorization is in effect.',
  '3. Rebates. Stockpot collects the rebates the Business earns from manufacturers quarterly and pays them to the Business after deducting its administration fee for enrolling the Business, collecting the data and processing the claims.',
  '4. Direct agreements. If the Business has a direct rebate agreement with a manufacturer that it has not disclosed to Stockpot, the Business will cancel it or disclose it within 5 business days of signing, so the same purchases are not claimed twice.',
  '5. Term. This authorization remains in effect until either party ends it with 90 days’ written notice to the other.',
  '6. Release. The Business releases its distributors from any claim arising from their sharing the Business’s purchase data with Stockpot under this authorization.',
];

/** Step 3 'Legal Information' (doc 3 §2.11, §5): the agreement ticked and a full name, echoed on the 'Signed by' line. */
export function LegalStep({ onBack, onNext }: { onBack: () => void; onNext: () => void }) {
  const legal = useSignUpWizard((s) => s.legal);
  const [hasTriedNext, setHasTriedNext] = useState(false);
  const message = hasTriedNext ? validateSignUpLegal(legal) : null;

  return (
    <form
      noValidate
      aria-labelledby="sign-up-step-title"
      onSubmit={(e) => {
        e.preventDefault();
        setHasTriedNext(true);
        if (!validateSignUpLegal(legal)) onNext();
      }}
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id="sign-up-step-title">
          Legal Information
        </Title>
        <Checkbox
          label="I have read and agree to the Acknowledgement, Authorization and Release below"
          checked={legal.isAgreed}
          onChange={(e) => updateLegal({ isAgreed: e.currentTarget.checked })}
        />
        <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
          <Stack
            gap="xs"
            p="sm"
            tabIndex={0}
            aria-label="Acknowledgement, Authorization and Release"
            role="region"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
          >
            <Title order={3} fz="md">
              Acknowledgement, Authorization and Release
            </Title>
            {AGREEMENT_PARAGRAPHS.map((p) => (
              <Text key={p.slice(0, 24)} fz="sm">
                {p}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <TextInput
          label="Full Name"
          autoComplete="name"
          withAsterisk
          value={legal.fullName}
          onChange={(e) => updateLegal({ fullName: e.currentTarget.value })}
        />
        <Text fz="sm">
          Signed by:{' '}
          <Text span fw={600} ff="serif" fs="italic" fz="lg">
            {legal.fullName}
          </Text>
        </Text>
        <WizardButtons message={message}>
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit">Next</Button>
        </WizardButtons>
      </Stack>
    </form>
  );
}
