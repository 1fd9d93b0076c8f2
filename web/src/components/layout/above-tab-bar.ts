/**
 * Where what floats at the bottom of the screen sits (the VitolAI chat, the toasts): clear of the phone's tab bar
 * (member-tab-bar.tsx) and its safe-area inset below 768 px, the usual margin above that, where there is no tab bar.
 */
export const ABOVE_TAB_BAR = 'bottom-[calc(4.5rem+env(safe-area-inset-bottom))] md:bottom-6';

/** The tallest a floating panel may be on a phone: the screen less the header, the tab bar and a margin. */
export const PHONE_PANEL_MAX_H = 'max-h-[calc(100dvh-9.5rem-env(safe-area-inset-bottom))] md:max-h-[calc(100vh-3rem)]';
