/** The window name of the Google/GitHub sign-in popup: the app's start tells by it that it runs in that popup. */
export const POPUP_NAME = 'slipstream-oauth';

export const inSignInPopup = (): boolean => window.name === POPUP_NAME && window.opener !== null;
