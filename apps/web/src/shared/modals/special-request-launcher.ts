import { create } from 'zustand';

/** What the Add Special Request modal starts with, e.g. the distributor and name of a punched-out item. */
export interface SpecialRequestPrefill {
  distributorId?: number;
  description?: string;
}

interface SpecialRequestLauncherState {
  isOpen: boolean;
  prefill: SpecialRequestPrefill;
}

/**
 * Opens the Add Special Request modal from anywhere (the list prompt, the punched-out notice): the
 * modal belongs to the special-requests area, which other areas may not import.
 */
export const useSpecialRequestLauncher = create<SpecialRequestLauncherState>()(() => ({ isOpen: false, prefill: {} }));

export function openSpecialRequestModal(prefill: SpecialRequestPrefill = {}): void {
  useSpecialRequestLauncher.setState({ isOpen: true, prefill });
}

export function closeSpecialRequestModal(): void {
  useSpecialRequestLauncher.setState({ isOpen: false, prefill: {} });
}
