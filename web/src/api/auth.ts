// Accounts: sign up, sign in, who am I, a new password, signing out everywhere.
import type { AuthResponse, ChangePasswordRequest, LoginRequest, RegisterRequest, User } from "./types";
import { request } from "./client";

export function register(body: RegisterRequest): Promise<AuthResponse> {
  return request("/auth/register", { method: "POST", body, auth: false });
}

export function login(body: LoginRequest): Promise<AuthResponse> {
  return request("/auth/login", { method: "POST", body, auth: false });
}

export function me(): Promise<User> {
  return request("/auth/me");
}

/** Changes my password; every other device is signed out, this one gets a new token. */
export function changePassword(body: ChangePasswordRequest): Promise<AuthResponse> {
  return request("/auth/password", { method: "POST", body });
}

/** Ends every token of mine, this one included. */
export function signOutEverywhere(): Promise<void> {
  return request("/auth/sign-out-everywhere", { method: "POST" });
}
