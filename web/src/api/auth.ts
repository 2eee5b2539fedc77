// Accounts: sign up, sign in, who am I.
import type { AuthResponse, LoginRequest, RegisterRequest, User } from "./types";
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
