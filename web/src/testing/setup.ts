import { cleanup } from '@testing-library/react';
import { SIGNED_IN_HINT_COOKIE } from '@torcedor/shared/constants';
import { afterEach, beforeEach } from 'vitest';

// The tests' pages act as a browser with a session may: the current-user read is sent (tests of the logged-out
// page answer it 401). A test of the anonymous visit clears the hint itself.
beforeEach(() => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
