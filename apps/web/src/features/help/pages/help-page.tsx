import { PlaceholderPage } from '../../../ui/placeholder-page';

export function HelpPage() {
  return (
    <PlaceholderPage
      title="Help / Report Issue"
      description="Tell us about a problem or ask for help, and we will get back to you."
    />
  );
}
