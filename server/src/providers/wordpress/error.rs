//! Why a call to a WordPress site did not succeed, each with its own Persian
//! message: read from WordPress's error code (core's, the Basic Auth and
//! JWT plugins', a plugin disabling the API) or from the lack of an answer.

use std::fmt;
use std::time::Duration;

use dastyar_core::MessageCode;
use dastyar_core::data::wordpress::{WordpressAuthField, WordpressAuthType};

/// What WordPress answered with an error: its HTTP status, code and message
/// (as plain text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub code: String,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WordpressError {
    /// The site's host is loopback or private and that is not allowed.
    PrivateAddress(String),
    /// The site redirected to another site (its origin): credentials stay home.
    Moved(String),
    /// No answer: DNS, refused, reset, TLS, or a proxy's 5xx page.
    Unreachable(String),
    Timeout,
    /// Neither `/wp-json/` nor `?rest_route=` answered as WordPress, and the
    /// pages do not look like WordPress's.
    NotWordpress,
    /// WordPress's pages, but no REST API; or a plugin's `rest_disabled`.
    RestDisabled(Option<Refusal>),
    /// The user name or password: `incorrect_password`, `invalid_username`…
    CredentialsRejected(Refusal),
    /// The JWT plugin refused the token.
    JwtRejected(Refusal),
    /// The JWT plugin has no secret key.
    JwtNotConfigured,
    /// Credentials were sent but WordPress saw nobody signed in.
    NotLoggedIn(Refusal),
    /// Signed in, without the right to do this.
    Forbidden(Refusal),
    /// Any other refusal.
    Refused(Refusal),
    /// A success that is not the protocol's shape.
    Malformed(String),
}

impl WordpressError {
    /// The error an error answer carries, by WordPress's code first (the
    /// Basic Auth plugin's refusals come with status 500).
    pub(super) fn of(refusal: Refusal) -> WordpressError {
        let code = refusal.code.as_str();
        match code {
            "jwt_auth_bad_config" => WordpressError::JwtNotConfigured,
            _ if code.starts_with("jwt_auth_") => WordpressError::JwtRejected(refusal),
            "incorrect_password"
            | "invalid_username"
            | "invalid_email"
            | "application_passwords_disabled"
            | "empty_username"
            | "empty_password"
            | "authentication_failed" => WordpressError::CredentialsRejected(refusal),
            _ if code.starts_with("[jwt_auth] ") => WordpressError::CredentialsRejected(refusal),
            "rest_not_logged_in" | "rest_login_required" | "rest_cannot_access" => {
                WordpressError::NotLoggedIn(refusal)
            }
            _ if code.contains("disabled") => WordpressError::RestDisabled(Some(refusal)),
            _ if refusal.status == 401
                && (code.starts_with("rest_cannot_") || code.starts_with("rest_forbidden")) =>
            {
                WordpressError::NotLoggedIn(refusal)
            }
            _ if refusal.status == 403
                && (code.starts_with("rest_cannot_") || code.starts_with("rest_forbidden")) =>
            {
                WordpressError::Forbidden(refusal)
            }
            _ => WordpressError::Refused(refusal),
        }
    }

    /// What WordPress said, when it said something.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            WordpressError::RestDisabled(refusal) => refusal.as_ref(),
            WordpressError::CredentialsRejected(r)
            | WordpressError::JwtRejected(r)
            | WordpressError::NotLoggedIn(r)
            | WordpressError::Forbidden(r)
            | WordpressError::Refused(r) => Some(r),
            _ => None,
        }
    }

    pub fn code(&self) -> MessageCode {
        match self {
            WordpressError::PrivateAddress(_) => MessageCode::WordpressPrivateAddress,
            WordpressError::Moved(_) => MessageCode::WordpressMoved,
            WordpressError::Unreachable(_) | WordpressError::Malformed(_) => {
                MessageCode::WordpressUnreachable
            }
            WordpressError::Timeout => MessageCode::WordpressTimeout,
            WordpressError::NotWordpress => MessageCode::WordpressNotWordpress,
            WordpressError::RestDisabled(_) => MessageCode::WordpressRestDisabled,
            WordpressError::CredentialsRejected(_) => MessageCode::WordpressCredentialsRejected,
            WordpressError::JwtRejected(_) => MessageCode::WordpressJwtRejected,
            WordpressError::JwtNotConfigured => MessageCode::WordpressJwtNotConfigured,
            WordpressError::NotLoggedIn(_) => MessageCode::WordpressNotLoggedIn,
            WordpressError::Forbidden(_) => MessageCode::WordpressForbidden,
            WordpressError::Refused(_) => MessageCode::WordpressRefused,
        }
    }

    /// The Persian message for a site at `site`, calls timing out after `timeout`.
    pub fn persian(&self, site: &str, timeout: Duration) -> String {
        let seconds = timeout.as_secs().max(1).to_string();
        let host = match self {
            WordpressError::PrivateAddress(host) | WordpressError::Moved(host) => host.as_str(),
            _ => "",
        };
        let reason = self.refusal().map(|r| r.message.as_str()).unwrap_or_default();
        self.code().render(&[
            ("site", site),
            ("seconds", &seconds),
            ("host", host),
            ("reason", if reason.is_empty() { "—" } else { reason }),
        ])
    }

    /// The node's field the user should fix: the site's address, or the
    /// credential the auth type signs in with; none when the site is at fault.
    pub fn field(&self, auth_type: WordpressAuthType) -> Option<String> {
        let credential = || {
            let secret = auth_type.fields().iter().copied().find(|f| f.is_secret());
            let field = secret.unwrap_or(WordpressAuthField::Username);
            format!("authData.{}", field.key())
        };
        match self {
            WordpressError::PrivateAddress(_)
            | WordpressError::Moved(_)
            | WordpressError::NotWordpress => Some("siteUrl".to_owned()),
            WordpressError::CredentialsRejected(_) | WordpressError::JwtRejected(_) => {
                Some(credential())
            }
            _ => None,
        }
    }
}

impl fmt::Display for WordpressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WordpressError::PrivateAddress(host) => write!(f, "wordpress: {host} is private"),
            WordpressError::Moved(origin) => write!(f, "wordpress: redirected to {origin}"),
            WordpressError::Unreachable(why) => write!(f, "wordpress unreachable: {why}"),
            WordpressError::Timeout => f.write_str("wordpress: timed out"),
            WordpressError::NotWordpress => f.write_str("not a WordPress site"),
            WordpressError::JwtNotConfigured => {
                f.write_str("wordpress: JWT plugin without a secret")
            }
            WordpressError::Malformed(why) => write!(f, "wordpress: malformed answer: {why}"),
            other => match other.refusal() {
                Some(r) => write!(f, "wordpress ({}) {}: {}", r.status, r.code, r.message),
                None => f.write_str("wordpress: REST API disabled"),
            },
        }
    }
}

impl std::error::Error for WordpressError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(status: u16, code: &str) -> WordpressError {
        WordpressError::of(Refusal { status, code: code.into(), message: "m".into() })
    }

    #[test]
    fn codes_are_read_before_statuses() {
        let cases = [
            (401, "incorrect_password", MessageCode::WordpressCredentialsRejected),
            (500, "incorrect_password", MessageCode::WordpressCredentialsRejected),
            (401, "invalid_username", MessageCode::WordpressCredentialsRejected),
            (403, "[jwt_auth] incorrect_password", MessageCode::WordpressCredentialsRejected),
            (403, "jwt_auth_invalid_token", MessageCode::WordpressJwtRejected),
            (403, "jwt_auth_bad_iss", MessageCode::WordpressJwtRejected),
            (403, "jwt_auth_bad_config", MessageCode::WordpressJwtNotConfigured),
            (401, "rest_not_logged_in", MessageCode::WordpressNotLoggedIn),
            (401, "rest_cannot_create", MessageCode::WordpressNotLoggedIn),
            (403, "rest_cannot_create", MessageCode::WordpressForbidden),
            (403, "rest_forbidden_who", MessageCode::WordpressForbidden),
            (403, "rest_disabled", MessageCode::WordpressRestDisabled),
            (401, "rest_api_disabled", MessageCode::WordpressRestDisabled),
            (400, "rest_invalid_param", MessageCode::WordpressRefused),
            (500, "db_insert_error", MessageCode::WordpressRefused),
        ];
        for (status, code, expected) in cases {
            assert_eq!(of(status, code).code(), expected, "{status} {code}");
        }
    }

    #[test]
    fn the_field_to_fix_follows_the_auth_type() {
        let rejected = of(401, "incorrect_password");
        assert_eq!(
            rejected.field(WordpressAuthType::ApplicationPassword).as_deref(),
            Some("authData.applicationPassword")
        );
        assert_eq!(rejected.field(WordpressAuthType::Basic).as_deref(), Some("authData.password"));
        assert_eq!(
            of(403, "jwt_auth_invalid_token").field(WordpressAuthType::Jwt).as_deref(),
            Some("authData.jwtToken")
        );
        assert_eq!(
            WordpressError::NotWordpress.field(WordpressAuthType::Jwt).as_deref(),
            Some("siteUrl")
        );
        assert_eq!(WordpressError::Timeout.field(WordpressAuthType::Jwt), None);
    }

    #[test]
    fn every_message_is_filled() {
        let errors = [
            WordpressError::PrivateAddress("10.0.0.1".into()),
            WordpressError::Unreachable("refused".into()),
            WordpressError::Timeout,
            WordpressError::NotWordpress,
            WordpressError::RestDisabled(None),
            of(401, "incorrect_password"),
            of(403, "jwt_auth_invalid_token"),
            WordpressError::JwtNotConfigured,
            of(401, "rest_not_logged_in"),
            of(403, "rest_cannot_create"),
            of(400, "rest_invalid_param"),
        ];
        for error in errors {
            let text = error.persian("https://blog.example.ir", Duration::from_secs(15));
            assert!(!text.contains('{'), "{error}: {text}");
        }
        let private = WordpressError::PrivateAddress("10.0.0.1".into());
        assert!(private.persian("x", Duration::ZERO).contains("10.0.0.1"));
        assert!(WordpressError::Timeout.persian("x", Duration::from_secs(15)).contains("15"));
    }
}
