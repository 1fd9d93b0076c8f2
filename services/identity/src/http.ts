import { createHttpHandler } from '@torcedor/service-kit/http';
import { identityRoutes } from '@torcedor/shared/routes/identity';
import { deleteAccount, exportIdentity } from './handlers/account.ts';
import { getApiDocs, getOpenApi } from './handlers/api-docs.ts';
import { getReadiness } from './handlers/readiness.ts';
import { login, loginPage, logout, logoutPage, refreshSession, signup, startTrial } from './handlers/auth.ts';
import { changeEmail, resendVerification, verifyEmail } from './handlers/email.ts';
import { forgotPassword, resetPassword } from './handlers/recovery.ts';
import { createSupportRequest, getMySupportRequests, getSupportQueue, resolveSupportRequest } from './handlers/support.ts';
import { unsubscribe, unsubscribeOneClick } from './handlers/unsubscribe.ts';
import { createUpload, setProfilePicture } from './handlers/uploads.ts';
import {
  completeFirstRun, getCurrentUser, getProfile, updateNotifications, updatePreferences, updatePrivacy, updateProfile, updateTastes,
} from './handlers/user.ts';

export const handler = createHttpHandler(identityRoutes, {
  getHealth: async () => ({ status: 'ok' as const }),
  getOpenApi,
  getApiDocs,
  getReadiness,
  signup,
  login,
  startTrial,
  refreshSession,
  verifyEmail,
  resendVerification,
  forgotPassword,
  resetPassword,
  unsubscribe,
  unsubscribeOneClick,
  loginPage,
  logout,
  logoutPage,
  getCurrentUser,
  getProfile,
  updateProfile,
  updatePrivacy,
  updateNotifications,
  updatePreferences,
  updateTastes,
  completeFirstRun,
  changeEmail,
  createUpload,
  setProfilePicture,
  deleteAccount,
  exportIdentity,
  createSupportRequest,
  getMySupportRequests,
  getSupportQueue,
  resolveSupportRequest,
});
