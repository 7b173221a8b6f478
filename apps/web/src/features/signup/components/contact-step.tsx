import { useState } from 'react';
import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  formatPhoneNumber,
  maskZipcode,
  MAX_SIGN_UP_LOCATIONS,
  SIGN_UP_TITLES,
  validateSignUpContact,
  validateSignUpContactFields,
  validateSignUpLocation,
} from '@stockpot/domain';
import { LocationFields } from './location-fields';
import { StateSelect } from './state-select';
import { updateContact, updateLocation, useSignUpWizard } from './sign-up-store';
import { WizardButtons } from './wizard-buttons';

const TITLE_OPTIONS = SIGN_UP_TITLES.map((t) => ({ value: String(t.value), label: t.label }));
const COUNT_OPTIONS = Array.from({ length: MAX_SIGN_UP_LOCATIONS }, (_, i) => String(i + 1));

interface ContactStepProps {
  /** 1 to the chosen count: ?location=n. */
  locationNumber: number;
  onGoToLocation: (n: number) => void;
  onBack: () => void;
  /** Step 1 passed as a whole: on to step 2. */
  onDone: () => void;
}

/**
 * Step 1 'Restaurant Contact Information' (doc 3 §2.11): the contact and business on the first
 * page with location 1 below; each further location on its own page (?location=n) with Skip.
 */
export function ContactStep({ locationNumber, onGoToLocation, onBack, onDone }: ContactStepProps) {
  const contact = useSignUpWizard((s) => s.contact);
  const index = locationNumber - 1;
  const location = contact.locations[index];
  // Once Next was tried, the first message follows the page as it is corrected; a whole-step
  // message (about another page) stays until the next try.
  const [hasTriedNext, setHasTriedNext] = useState(false);
  const [stepMessage, setStepMessage] = useState<string | null>(null);
  const pageErrors =
    locationNumber === 1
      ? [...validateSignUpContactFields(contact), ...validateSignUpLocation({ ...location, isSkipped: false }, 0)]
      : validateSignUpLocation({ ...location, isSkipped: false }, index);
  const message = hasTriedNext ? (pageErrors[0] ?? stepMessage) : null;

  const moveOn = () => {
    if (locationNumber < contact.locationCount) {
      onGoToLocation(locationNumber + 1);
      return;
    }
    const errors = validateSignUpContact(useSignUpWizard.getState().contact);
    if (errors.length) {
      setHasTriedNext(true);
      setStepMessage(errors[0]);
      return;
    }
    onDone();
  };

  const next = () => {
    setHasTriedNext(true);
    setStepMessage(null);
    if (pageErrors.length) return;
    if (location.isSkipped) updateLocation(index, { isSkipped: false });
    moveOn();
  };

  const skip = () => {
    updateLocation(index, { isSkipped: true });
    moveOn();
  };

  return (
    <form
      noValidate
      aria-labelledby="sign-up-step-title"
      onSubmit={(e) => {
        e.preventDefault();
        next();
      }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3" id="sign-up-step-title">
            Restaurant Contact Information
          </Title>
          {locationNumber > 1 && (
            <Text c="dimmed" fz="sm">
              Location {locationNumber} of {contact.locationCount}
              {location.isSkipped ? ' (skipped)' : ''}
            </Text>
          )}
        </div>
        {locationNumber === 1 && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="First Name"
                autoComplete="given-name"
                withAsterisk
                value={contact.firstName}
                onChange={(e) => updateContact({ firstName: e.currentTarget.value })}
              />
              <TextInput
                label="Last Name"
                autoComplete="family-name"
                withAsterisk
                value={contact.lastName}
                onChange={(e) => updateContact({ lastName: e.currentTarget.value })}
              />
              <Select
                size="md"
                label="Title"
                placeholder="Choose your title"
                data={TITLE_OPTIONS}
                value={contact.title === null ? null : String(contact.title)}
                onChange={(v) => updateContact({ title: v === null ? null : Number(v) })}
                withAsterisk
              />
              <TextInput
                label="Official Business Name"
                autoComplete="organization"
                withAsterisk
                value={contact.businessName}
                onChange={(e) => updateContact({ businessName: e.currentTarget.value })}
              />
              <TextInput
                label="Location Address"
                autoComplete="street-address"
                withAsterisk
                value={contact.locationAddress}
                onChange={(e) => updateContact({ locationAddress: e.currentTarget.value })}
              />
              <TextInput
                label="City"
                autoComplete="address-level2"
                withAsterisk
                value={contact.city}
                onChange={(e) => updateContact({ city: e.currentTarget.value })}
              />
              <StateSelect value={contact.state} onChange={(state) => updateContact({ state })} />
              <TextInput
                label="Zipcode"
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={5}
                withAsterisk
                value={contact.zipcode}
                onChange={(e) => updateContact({ zipcode: maskZipcode(e.currentTarget.value) })}
              />
              <TextInput
                label="Phone Number"
                placeholder="(123) 123-1234"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                withAsterisk
                value={contact.phoneNumber}
                onChange={(e) => updateContact({ phoneNumber: formatPhoneNumber(e.currentTarget.value) })}
              />
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                withAsterisk
                value={contact.email}
                onChange={(e) => updateContact({ email: e.currentTarget.value })}
              />
              <TextInput
                label="Confirm Email"
                type="email"
                autoComplete="email"
                withAsterisk
                value={contact.confirmEmail}
                onChange={(e) => updateContact({ confirmEmail: e.currentTarget.value })}
              />
              <PasswordInput
                label="Password"
                description="At least 6 characters"
                autoComplete="new-password"
                withAsterisk
                value={contact.password}
                onChange={(e) => updateContact({ password: e.currentTarget.value })}
              />
              <PasswordInput
                label="Confirm Password"
                autoComplete="new-password"
                withAsterisk
                value={contact.confirmPassword}
                onChange={(e) => updateContact({ confirmPassword: e.currentTarget.value })}
              />
              <Select
                size="md"
                label="How Many Locations?"
                data={COUNT_OPTIONS}
                value={String(contact.locationCount)}
                onChange={(v) => updateContact({ locationCount: Number(v ?? 1) })}
                allowDeselect={false}
                withAsterisk
              />
            </SimpleGrid>
          </>
        )}
        <LocationFields number={locationNumber} location={location} onChange={(patch) => updateLocation(index, patch)} />
        <WizardButtons message={message}>
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Group gap="sm">
            {locationNumber > 1 && (
              <Button variant="light" onClick={skip}>
                Skip
              </Button>
            )}
            <Button type="submit">Next</Button>
          </Group>
        </WizardButtons>
      </Stack>
    </form>
  );
}
