import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import { formatPhoneNumber, maskZipcode, type SignUpLocationForm } from '@stockpot/domain';
import { StateSelect } from './state-select';

/** One location's form (doc 3 §2.11): name, phone, address, city, state, zipcode. */
export function LocationFields({
  number,
  location,
  onChange,
}: {
  number: number;
  location: SignUpLocationForm;
  onChange: (patch: Partial<SignUpLocationForm>) => void;
}) {
  return (
    <Fieldset legend={`Location ${number}`} radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Location Name"
          withAsterisk
          value={location.locationName}
          onChange={(e) => onChange({ locationName: e.currentTarget.value })}
        />
        <TextInput
          label="Location Phone Number"
          placeholder="(123) 123-1234"
          type="tel"
          inputMode="tel"
          withAsterisk
          value={location.phoneNumber}
          onChange={(e) => onChange({ phoneNumber: formatPhoneNumber(e.currentTarget.value) })}
        />
        <TextInput
          label="Location Street Address"
          withAsterisk
          value={location.locationAddress}
          onChange={(e) => onChange({ locationAddress: e.currentTarget.value })}
        />
        <TextInput
          label="Location City"
          withAsterisk
          value={location.city}
          onChange={(e) => onChange({ city: e.currentTarget.value })}
        />
        <StateSelect label="Location State" value={location.state} onChange={(state) => onChange({ state })} />
        <TextInput
          label="Location Zipcode"
          inputMode="numeric"
          maxLength={5}
          withAsterisk
          value={location.zipcode}
          onChange={(e) => onChange({ zipcode: maskZipcode(e.currentTarget.value) })}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
