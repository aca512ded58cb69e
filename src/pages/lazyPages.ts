// Pages load on demand so the first chunk carries only the shell.
import { lazy } from 'react';

export const LoginPage = lazy(() => import('./auth/LoginPage').then((module) => ({ default: module.LoginPage })));
export const ForgotPasswordPage = lazy(() =>
  import('./auth/ForgotPasswordPage').then((module) => ({ default: module.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('./auth/ResetPasswordPage').then((module) => ({ default: module.ResetPasswordPage })),
);
export const WelcomePage = lazy(() => import('./auth/WelcomePage').then((module) => ({ default: module.WelcomePage })));
export const LogoutPage = lazy(() => import('./auth/LogoutPage').then((module) => ({ default: module.LogoutPage })));
export const ErrorPage = lazy(() => import('./ErrorPage').then((module) => ({ default: module.ErrorPage })));
export const ProfilePage = lazy(() => import('./profile/ProfilePage').then((module) => ({ default: module.ProfilePage })));
export const ComingSoonPage = lazy(() => import('./ComingSoonPage').then((module) => ({ default: module.ComingSoonPage })));
export const ChatPage = lazy(() => import('./chat/ChatPage').then((module) => ({ default: module.ChatPage })));
export const SourcePage = lazy(() => import('./chat/source/SourcePage').then((module) => ({ default: module.SourcePage })));
export const PromptLifecyclePage = lazy(() =>
  import('./lifecycle/PromptLifecyclePage').then((module) => ({ default: module.PromptLifecyclePage })),
);
export const VoraDashboardPage = lazy(() => import('./research').then((module) => ({ default: module.VoraDashboardPage })));
export const VoraPDashboardPage = lazy(() => import('./research').then((module) => ({ default: module.VoraPDashboardPage })));
