//! A visitor's token: what the chat page sends with every call, issued by
//! the session call only to pages on an authorized site. HS256 with a key
//! of its own (derived from the server's secret), so it can never pass for
//! a login token, nor a login token for it.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// How long a token lasts; the loader asks for a new one before then.
pub const LIFETIME: Duration = Duration::from_secs(12 * 60 * 60);

pub struct VisitorTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// The visitor's id.
    sub: String,
    /// The frame's id.
    frm: i64,
    exp: u64,
}

/// What a valid token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visitor {
    pub frame_id: i64,
    pub id: String,
}

impl VisitorTokens {
    pub fn new(server_secret: &[u8]) -> VisitorTokens {
        let key = Sha256::new()
            .chain_update(b"dastyar widget visitor token\0")
            .chain_update(server_secret)
            .finalize();
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_required_spec_claims(&["exp", "sub"]);
        validation.leeway = 5;
        VisitorTokens {
            encoding: EncodingKey::from_secret(&key),
            decoding: DecodingKey::from_secret(&key),
            validation,
        }
    }

    pub fn issue(
        &self,
        frame_id: i64,
        visitor: &str,
    ) -> Result<String, jsonwebtoken::errors::Error> {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_secs();
        let claims =
            Claims { sub: visitor.to_owned(), frm: frame_id, exp: now + LIFETIME.as_secs() };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
    }

    pub fn verify(&self, token: &str) -> Option<Visitor> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).ok()?;
        Some(Visitor { frame_id: data.claims.frm, id: data.claims.sub })
    }
}

impl std::fmt::Debug for VisitorTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("VisitorTokens(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::token::JwtKeys;

    const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef";

    #[test]
    fn a_token_names_its_frame_and_visitor() {
        let tokens = VisitorTokens::new(SECRET);
        let token = tokens.issue(7, "v_abcdefghijklmnop").unwrap();
        assert_eq!(
            tokens.verify(&token),
            Some(Visitor { frame_id: 7, id: "v_abcdefghijklmnop".into() })
        );
        assert_eq!(VisitorTokens::new(b"another secret of thirty-two byte").verify(&token), None);
    }

    #[test]
    fn visitor_and_login_tokens_never_pass_for_each_other() {
        let (tokens, keys) = (VisitorTokens::new(SECRET), JwtKeys::new(SECRET));
        assert_eq!(keys.verify(&tokens.issue(1, "42").unwrap()), None);
        assert_eq!(tokens.verify(&keys.issue(42, 0).unwrap()), None);
    }
}
