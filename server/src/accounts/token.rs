//! Login tokens: HS256 JWTs carrying the user id and the account's token
//! version, valid for a week. A token whose version is not the account's
//! current one (bumped by a password change or "sign out everywhere") is
//! refused by the extractor that checks the account.

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
    /// The account's token version when issued (absent in tokens issued
    /// before versions existed: 0, the first version).
    #[serde(default)]
    ver: i64,
}

/// What a valid token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenClaims {
    pub user_id: i64,
    pub version: i64,
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

    /// A token for `user_id` at token version `version`, issued now.
    pub fn issue(&self, user_id: i64, version: i64) -> Result<String, jsonwebtoken::errors::Error> {
        self.issue_at(user_id, version, SystemTime::now())
    }

    /// The same, as if issued at `issued_at` (it expires [`TOKEN_LIFETIME`] later).
    pub fn issue_at(
        &self,
        user_id: i64,
        version: i64,
        issued_at: SystemTime,
    ) -> Result<String, jsonwebtoken::errors::Error> {
        let iat = issued_at.duration_since(UNIX_EPOCH).unwrap_or_default().as_secs();
        let claims = Claims {
            sub: user_id.to_string(),
            iat,
            exp: iat + TOKEN_LIFETIME.as_secs(),
            ver: version,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
    }

    /// What a valid, unexpired token carries.
    pub fn verify(&self, token: &str) -> Option<TokenClaims> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).ok()?;
        Some(TokenClaims { user_id: data.claims.sub.parse().ok()?, version: data.claims.ver })
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
        let claims = TokenClaims { user_id: 42, version: 3 };
        assert_eq!(keys.verify(&keys.issue(42, 3).unwrap()), Some(claims));
    }

    #[test]
    fn a_token_from_before_versions_is_version_0() {
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef");
        #[derive(Serialize)]
        struct Unversioned {
            sub: String,
            iat: u64,
            exp: u64,
        }
        let iat = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
        let old = Unversioned { sub: "7".into(), iat, exp: iat + 60 };
        let token =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &old, &keys.encoding).unwrap();
        assert_eq!(keys.verify(&token), Some(TokenClaims { user_id: 7, version: 0 }));
    }

    #[test]
    fn expired_foreign_and_garbage_tokens_fail() {
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef");
        let old = SystemTime::now() - TOKEN_LIFETIME - Duration::from_secs(60);
        assert_eq!(keys.verify(&keys.issue_at(1, 0, old).unwrap()), None);
        let other = JwtKeys::new(b"another secret, another server!!");
        assert_eq!(keys.verify(&other.issue(1, 0).unwrap()), None);
        assert_eq!(keys.verify("not.a.token"), None);
        assert_eq!(keys.verify(""), None);
    }
}
