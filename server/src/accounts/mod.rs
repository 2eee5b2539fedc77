//! Accounts: e-mail addresses, passwords, login tokens and the secret that
//! signs them.

pub mod email;
pub mod jwt_secret;
pub mod login_throttle;
pub mod password;
pub mod password_hasher;
pub mod token;
