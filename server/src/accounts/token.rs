//! Login tokens: HS256 JWTs carrying the user id, valid for a week.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

/// How long a token stays valid after it is issued.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// The signing and checking keys, made from the server's secret.
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// The user id, as text (JWT's `sub` is a string).
    sub: String,
    iat: u64,
    exp: u64,
}

impl JwtKeys {
    pub fn new(secret: &[u8]) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_required_spec_claims(&["exp", "sub"]);
        validation.leeway = 5;
        JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
        }
    }

    /// A token for `user_id`, issued now.
    pub fn issue(&self, user_id: i64) -> Result<String, jsonwebtoken::errors::Error> {
        self.issue_at(user_id, SystemTime::now())
    }

    /// A token for `user_id` as if issued at `issued_at` (it expires
    /// [`TOKEN_LIFETIME`] later).
    pub fn issue_at(
        &self,
        user_id: i64,
        issued_at: SystemTime,
    ) -> Result<String, jsonwebtoken::errors::Error> {
        let iat = issued_at.duration_since(UNIX_EPOCH).unwrap_or_default().as_secs();
        let claims = Claims { sub: user_id.to_string(), iat, exp: iat + TOKEN_LIFETIME.as_secs() };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
    }

    /// The user id a valid, unexpired token carries.
    pub fn verify(&self, token: &str) -> Option<i64> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).ok()?;
        data.claims.sub.parse().ok()
    }
}

impl std::fmt::Debug for JwtKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JwtKeys(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_token_names_its_user() {
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef");
        assert_eq!(keys.verify(&keys.issue(42).unwrap()), Some(42));
    }

    #[test]
    fn expired_foreign_and_garbage_tokens_fail() {
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef");
        let old = SystemTime::now() - TOKEN_LIFETIME - Duration::from_secs(60);
        assert_eq!(keys.verify(&keys.issue_at(1, old).unwrap()), None);
        let other = JwtKeys::new(b"another secret, another server!!");
        assert_eq!(keys.verify(&other.issue(1).unwrap()), None);
        assert_eq!(keys.verify("not.a.token"), None);
        assert_eq!(keys.verify(""), None);
    }
}
