//! The WordPress node: the site address and the credentials each auth type
//! needs (spec §5 "Field formats").

use super::FieldError;
use super::http_url::normalize_http_url;
use crate::data::wordpress::{WordpressAuthData, WordpressAuthType};
use crate::messages::MessageCode;

const URL_FIELD: &str = "siteUrl";

/// Normalises a site address: http or https with a host, no trailing slash,
/// so the REST paths ("{site}/wp-json/...") can be appended as they are.
/// A sub-directory install keeps its path ("https://example.com/blog").
pub fn normalize_wordpress_url(input: &str) -> Result<String, FieldError> {
    normalize_http_url(input, URL_FIELD, MessageCode::WordpressUrlInvalid)
}

/// The missing credentials for `auth_type`, in form order.
pub fn wordpress_auth_errors(
    auth_type: WordpressAuthType,
    auth: &WordpressAuthData,
) -> Vec<FieldError> {
    auth_type
        .fields()
        .iter()
        .filter(|&&field| auth.get(field).trim().is_empty())
        .map(|field| {
            FieldError::new(&format!("authData.{}", field.key()), MessageCode::FieldRequired)
        })
        .collect()
}

pub fn wordpress_auth_complete(auth_type: WordpressAuthType, auth: &WordpressAuthData) -> bool {
    wordpress_auth_errors(auth_type, auth).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(input: &str) -> String {
        normalize_wordpress_url(input).unwrap_or_else(|e| panic!("{input:?}: {e:?}"))
    }

    fn code(input: &str) -> MessageCode {
        normalize_wordpress_url(input).expect_err(input).code
    }

    #[test]
    fn http_and_https_are_accepted_without_trailing_slashes() {
        assert_eq!(ok("http://example.com"), "http://example.com");
        assert_eq!(ok("https://example.com/"), "https://example.com");
        assert_eq!(ok("https://a.ir///"), "https://a.ir");
        assert_eq!(ok("  https://a.ir/ \n"), "https://a.ir");
        assert_eq!(ok("https://example.com/blog"), "https://example.com/blog");
        assert_eq!(ok("https://example.com/blog//"), "https://example.com/blog");
        assert_eq!(ok("https://Example.COM:8443/wp/"), "https://example.com:8443/wp");
        assert_eq!(ok("https://example.com/?lang=fa#top"), "https://example.com");
        assert_eq!(ok("https://example.com/blog/#x"), "https://example.com/blog");
    }

    #[test]
    fn other_addresses_are_refused() {
        for input in [
            "ftp://example.com",
            "example.com",
            "www.example.com/blog",
            "file:///var/www",
            "mailto:a@example.com",
            "https://",
            "https:// example.com",
            "javascript:alert(1)",
        ] {
            assert_eq!(code(input), MessageCode::WordpressUrlInvalid, "{input:?}");
        }
        assert_eq!(code("  "), MessageCode::FieldRequired);
        assert_eq!(normalize_wordpress_url("x").unwrap_err().field, "siteUrl");
    }

    fn auth(
        username: &str,
        application_password: &str,
        password: &str,
        jwt: &str,
    ) -> WordpressAuthData {
        WordpressAuthData {
            username: username.into(),
            application_password: application_password.into(),
            password: password.into(),
            jwt_token: jwt.into(),
        }
    }

    fn fields(auth_type: WordpressAuthType, data: &WordpressAuthData) -> Vec<String> {
        wordpress_auth_errors(auth_type, data).into_iter().map(|e| e.field).collect()
    }

    #[test]
    fn application_password() {
        let t = WordpressAuthType::ApplicationPassword;
        assert!(wordpress_auth_complete(t, &auth("admin", "abcd efgh", "", "")));
        assert_eq!(fields(t, &auth("admin", " ", "secret", "")), ["authData.applicationPassword"]);
        assert_eq!(
            fields(t, &auth("", "", "", "jwt")),
            ["authData.username", "authData.applicationPassword"]
        );
    }

    #[test]
    fn basic() {
        let t = WordpressAuthType::Basic;
        assert!(wordpress_auth_complete(t, &auth("admin", "", "secret", "")));
        assert_eq!(fields(t, &auth("admin", "app", "", "")), ["authData.password"]);
        assert_eq!(fields(t, &auth(" ", "", "secret", "")), ["authData.username"]);
    }

    #[test]
    fn jwt() {
        let t = WordpressAuthType::Jwt;
        assert!(wordpress_auth_complete(t, &auth("", "", "", "eyJ.x.y")));
        assert_eq!(
            wordpress_auth_errors(t, &auth("admin", "app", "secret", "  ")),
            vec![FieldError::new("authData.jwtToken", MessageCode::FieldRequired)]
        );
    }
}
