//! Accounts: register, log in, and who am I.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use dastyar_core::MessageCode;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::password_hasher::PasswordHasher;
use crate::accounts::token::JwtKeys;
use crate::accounts::{email, login_throttle, password};
use crate::db::Db;
use crate::error::ApiError;
use crate::http::client_address::ClientAddress;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json};
use crate::names::{self, USER_NAME_MAX};
use crate::rate_limits::RateLimits;
use crate::state::AppState;
use crate::store::users::{self, CreateError, User};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(me))
        .routes(routes!(change_password))
        .routes(routes!(sign_out_everywhere))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct RegisterRequest {
    pub email: String,
    /// At least 8 characters with a letter and a digit.
    pub password: String,
    pub name: String,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

/// A bearer token (valid for 7 days) and whose it is.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AuthResponse {
    pub token: String,
    pub user: User,
}

/// Create an account and sign in.
#[utoipa::path(post, path = "/auth/register", tag = "auth",
    request_body = RegisterRequest,
    responses(
        (status = 201, description = "Account created", body = AuthResponse),
        (status = 422, description = "email_invalid, email_taken, password_too_weak, password_common, field_required or invalid_input, naming the field", body = ErrorBody),
        (status = 429, description = "too_many_requests: this address registered too many accounts lately; try again after `Retry-After` seconds", body = ErrorBody),
        (status = 503, description = "server_busy: too many sign-ups at once; try again after `Retry-After` seconds", body = ErrorBody),
    ))]
pub async fn register(
    State(db): State<Db>,
    State(keys): State<Arc<JwtKeys>>,
    State(hasher): State<Arc<PasswordHasher>>,
    State(limits): State<Arc<RateLimits>>,
    ClientAddress(address): ClientAddress,
    Json(body): Json<RegisterRequest>,
) -> Result<(StatusCode, Json<AuthResponse>), ApiError> {
    limits.register.check(address)?;
    let email = email::normalize(&body.email);
    if !email::is_valid(&email) {
        return Err(ApiError::invalid("email", MessageCode::EmailInvalid));
    }
    new_password("password", &body.password, &[&email, &body.name])?;
    let name =
        names::required(&body.name, USER_NAME_MAX).map_err(|e| e.on("name", USER_NAME_MAX))?;
    let hash = hasher.hash(body.password).await?;
    let user = users::create(&db, &email, &name, &hash).await.map_err(|e| match e {
        CreateError::EmailTaken => ApiError::invalid("email", MessageCode::EmailTaken),
        CreateError::Db(e) => e.into(),
    })?;
    // A new account is at token version 0.
    let token = keys.issue(user.id, 0).map_err(ApiError::internal)?;
    Ok((StatusCode::CREATED, Json(AuthResponse { token, user })))
}

/// Sign in with e-mail (any case) and password.
#[utoipa::path(post, path = "/auth/login", tag = "auth",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = AuthResponse),
        (status = 401, description = "invalid_credentials", body = ErrorBody),
        (status = 422, description = "The body is not valid", body = ErrorBody),
        (status = 429, description = "too_many_requests (this address tried too often) or login_locked (too many wrong passwords for this e-mail); try again after `Retry-After` seconds", body = ErrorBody),
        (status = 503, description = "server_busy: too many sign-ins at once; try again after `Retry-After` seconds", body = ErrorBody),
    ))]
pub async fn login(
    State(db): State<Db>,
    State(keys): State<Arc<JwtKeys>>,
    State(hasher): State<Arc<PasswordHasher>>,
    State(limits): State<Arc<RateLimits>>,
    ClientAddress(address): ClientAddress,
    Json(body): Json<LoginRequest>,
) -> Result<Json<AuthResponse>, ApiError> {
    limits.login.check(address)?;
    let email = email::normalize(&body.email);
    login_throttle::check(&db, &email).await?;
    let account = users::by_email(&db, &email).await?;
    let stored = account.as_ref().map(|a| a.password_hash.clone());
    let matches = hasher.verify(body.password, stored).await?;
    match account {
        Some(account) if matches => {
            login_throttle::succeeded(&db, &email).await?;
            let token =
                keys.issue(account.id, account.token_version).map_err(ApiError::internal)?;
            Ok(Json(AuthResponse { token, user: account.user() }))
        }
        _ => {
            // No account has an address that is not one: nothing to protect,
            // and nothing of any length is written for it.
            if email::is_valid(&email) {
                login_throttle::failed(&db, &email).await?;
            }
            Err(ApiError::InvalidCredentials)
        }
    }
}

/// The signed-in user.
#[utoipa::path(get, path = "/auth/me", tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The signed-in user", body = User),
        (status = 401, description = "unauthenticated", body = ErrorBody),
    ))]
pub async fn me(State(db): State<Db>, user: AuthUser) -> Result<Json<User>, ApiError> {
    users::by_id(&db, user.id).await?.map(Json).ok_or(ApiError::Unauthenticated)
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ChangePasswordRequest {
    pub current_password: String,
    /// At least 8 characters with a letter and a digit, not easily guessed.
    pub new_password: String,
}

/// Change the signed-in user's password. Every token issued before stops
/// working (other devices are signed out); the answer carries a new one.
#[utoipa::path(post, path = "/auth/password", tag = "auth",
    security(("bearer" = [])),
    request_body = ChangePasswordRequest,
    responses(
        (status = 200, description = "Changed; a new token for this device", body = AuthResponse),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "invalid_credentials on `current_password`; password_too_weak or password_common on `new_password`", body = ErrorBody),
        (status = 429, description = "login_locked: too many wrong passwords for this account", body = ErrorBody),
        (status = 503, description = "server_busy: try again after `Retry-After` seconds", body = ErrorBody),
    ))]
pub async fn change_password(
    State(db): State<Db>,
    State(keys): State<Arc<JwtKeys>>,
    State(hasher): State<Arc<PasswordHasher>>,
    user: AuthUser,
    Json(body): Json<ChangePasswordRequest>,
) -> Result<Json<AuthResponse>, ApiError> {
    let account = users::account(&db, user.id).await?.ok_or(ApiError::Unauthenticated)?;
    // A stolen token must not be a way round the sign-in lock.
    login_throttle::check(&db, &account.email).await?;
    let stored = Some(account.password_hash.clone());
    if !hasher.verify(body.current_password, stored).await? {
        login_throttle::failed(&db, &account.email).await?;
        // 422, not 401: a 401 would sign the person out for a typo.
        return Err(ApiError::invalid("current_password", MessageCode::InvalidCredentials));
    }
    new_password("new_password", &body.new_password, &[&account.email, &account.name])?;
    let hash = hasher.hash(body.new_password).await?;
    let version = users::set_password(&db, user.id, &hash).await?;
    let token = keys.issue(user.id, version).map_err(ApiError::internal)?;
    Ok(Json(AuthResponse { token, user: account.user() }))
}

/// Sign out on every device: every token issued so far, this one included,
/// stops working.
#[utoipa::path(post, path = "/auth/sign-out-everywhere", tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Every token is now invalid"),
        (status = 401, description = "unauthenticated", body = ErrorBody),
    ))]
pub async fn sign_out_everywhere(
    State(db): State<Db>,
    user: AuthUser,
) -> Result<StatusCode, ApiError> {
    users::bump_token_version(&db, user.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A new password in `field`: not longer than hashing takes (422
/// `invalid_input`), and strong enough given what the account says of itself.
fn new_password(field: &str, password: &str, user_inputs: &[&str]) -> Result<(), ApiError> {
    if password.chars().count() > password::MAX_LEN {
        return Err(ApiError::InvalidInput {
            field: Some(field.into()),
            reason: format!("longer than {} characters", password::MAX_LEN),
        });
    }
    password::check_new(password, user_inputs).map_err(|code| ApiError::invalid(field, code))
}
