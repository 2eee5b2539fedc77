//! The JWT plugin (Tmeister's "JWT Authentication for WP REST API"):
//! `POST /jwt-auth/v1/token {username, password}` issues an HS256 token
//! (`iss` the site, 7 days, `data.user.id`), `POST /jwt-auth/v1/token/validate`
//! checks one, and a `Bearer` token signs a request in. Its errors are all
//! 403, in its words and those of firebase/php-jwt it passes on.

use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::error::WpError;
use super::params::Params;
use super::site::{Site, sanitize_title};
use super::{JWT_SECRET, JwtPlugin, unix_now};

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    iss: String,
    iat: i64,
    nbf: i64,
    exp: i64,
    #[serde(default)]
    data: Value,
}

/// A token for `user_id`, expiring `valid_for` from now (negative: already expired).
pub(super) fn issue(site: &str, user_id: i64, valid_for: chrono::Duration) -> String {
    let now = unix_now();
    let issued = now.min(now + valid_for.num_seconds() - 7 * 86_400);
    let claims = Claims {
        iss: site.to_owned(),
        iat: issued,
        nbf: issued,
        exp: now + valid_for.num_seconds(),
        // The plugin writes the id as WordPress reads it from the database: a string.
        data: json!({"user": {"id": user_id.to_string()}}),
    };
    let key = EncodingKey::from_secret(JWT_SECRET.as_bytes());
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &key).expect("HS256 signs")
}

fn bad_config() -> WpError {
    WpError::new(
        403,
        "jwt_auth_bad_config",
        "JWT is not configurated properly, please contact the admin",
    )
}

/// The user a token signs in, or the plugin's refusal.
pub(super) fn validate(site: &str, plugin: JwtPlugin, token: &str) -> Result<i64, WpError> {
    if plugin == JwtPlugin::WithoutSecret {
        return Err(bad_config());
    }
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    validation.validate_nbf = true;
    validation.required_spec_claims.clear();
    let key = DecodingKey::from_secret(JWT_SECRET.as_bytes());
    let claims = jsonwebtoken::decode::<Claims>(token, &key, &validation)
        .map_err(|error| {
            // firebase/php-jwt's messages, which the plugin passes on.
            let message = match error.kind() {
                ErrorKind::ExpiredSignature => "Expired token",
                ErrorKind::InvalidSignature => "Signature verification failed",
                ErrorKind::ImmatureSignature => "Cannot handle token prior to the time it is valid",
                ErrorKind::InvalidToken => "Wrong number of segments",
                ErrorKind::InvalidAlgorithm => "Algorithm not allowed",
                _ => "Syntax error, malformed JSON",
            };
            WpError::new(403, "jwt_auth_invalid_token", message)
        })?
        .claims;
    if claims.iss != site {
        return Err(WpError::new(403, "jwt_auth_bad_iss", "The iss do not match with this server"));
    }
    let id = &claims.data["user"]["id"];
    id.as_i64()
        .or_else(|| id.as_str().and_then(|s| s.parse().ok()))
        .ok_or_else(|| WpError::new(403, "jwt_auth_bad_request", "User ID not found in the token"))
}

/// The token in an `Authorization` header, or the plugin's refusal.
pub(super) fn bearer(authorization: Option<&str>) -> Result<&str, WpError> {
    let header = authorization.ok_or_else(|| {
        WpError::new(403, "jwt_auth_no_auth_header", "Authorization header not found.")
    })?;
    header.strip_prefix("Bearer ").map(str::trim).filter(|t| !t.is_empty()).ok_or_else(|| {
        WpError::new(403, "jwt_auth_bad_auth_header", "Authorization header malformed.")
    })
}

/// `POST /jwt-auth/v1/token`: signs in with the user's real password.
pub(super) fn token(
    site: &Site,
    site_url: &str,
    plugin: JwtPlugin,
    params: &Params,
) -> Result<Value, WpError> {
    if plugin == JwtPlugin::WithoutSecret {
        return Err(bad_config());
    }
    let field = |name| params.get(name).and_then(Value::as_str).unwrap_or_default().to_owned();
    let (username, password) = (field("username"), field("password"));
    // wp_authenticate's refusals, the code prefixed as the plugin does.
    let refused =
        |code: &str, message: String| WpError::new(403, &format!("[jwt_auth] {code}"), &message);
    if username.is_empty() {
        return Err(refused(
            "empty_username",
            "<strong>Error:</strong> The username field is empty.".into(),
        ));
    }
    if password.is_empty() {
        return Err(refused(
            "empty_password",
            "<strong>Error:</strong> The password field is empty.".into(),
        ));
    }
    let Some(user) = site.user_named(&username) else {
        return Err(refused(
            "invalid_username",
            format!(
                "<strong>Error:</strong> The username <strong>{username}</strong> is not registered on this site. \
                 If you are unsure of your username, try your email address instead."
            ),
        ));
    };
    if user.user.password != password {
        return Err(refused(
            "incorrect_password",
            format!(
                "<strong>Error:</strong> The password you entered for the username <strong>{username}</strong> is incorrect. \
                 <a href=\"{site_url}/wp-login.php?action=lostpassword\">Lost your password?</a>"
            ),
        ));
    }
    Ok(json!({
        "token": issue(site_url, user.user.id, chrono::Duration::days(7)),
        "user_email": user.user.email,
        "user_nicename": sanitize_title(&user.user.username),
        "user_display_name": user.user.name,
    }))
}

/// `POST /jwt-auth/v1/token/validate`.
pub(super) fn validate_endpoint(
    site_url: &str,
    plugin: JwtPlugin,
    authorization: Option<&str>,
) -> Result<Value, WpError> {
    if plugin == JwtPlugin::WithoutSecret {
        return Err(bad_config());
    }
    validate(site_url, plugin, bearer(authorization)?)?;
    Ok(json!({"code": "jwt_auth_valid_token", "data": {"status": 200}}))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SITE: &str = "http://127.0.0.1:1";

    #[test]
    fn tokens_sign_their_user_in_and_refusals_are_the_plugins() {
        let token = issue(SITE, 3, chrono::Duration::days(7));
        assert_eq!(validate(SITE, JwtPlugin::On, &token), Ok(3));
        let code = |result: Result<i64, WpError>| result.unwrap_err().message;
        let expired = issue(SITE, 3, chrono::Duration::seconds(-60));
        assert_eq!(code(validate(SITE, JwtPlugin::On, &expired)), "Expired token");
        assert_eq!(
            code(validate("http://elsewhere", JwtPlugin::On, &token)),
            "The iss do not match with this server"
        );
        // Another first character of the signature: other bytes, not padding bits.
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let first = if signature.starts_with('A') { 'B' } else { 'A' };
        let forged = format!("{signed}.{first}{}", &signature[1..]);
        assert_eq!(code(validate(SITE, JwtPlugin::On, &forged)), "Signature verification failed");
        assert_eq!(code(validate(SITE, JwtPlugin::On, "abc")), "Wrong number of segments");
        assert_eq!(
            validate(SITE, JwtPlugin::WithoutSecret, &token).unwrap_err().code,
            "jwt_auth_bad_config"
        );
    }

    #[test]
    fn the_header_must_be_a_bearer_one() {
        assert_eq!(bearer(Some("Bearer abc")), Ok("abc"));
        assert_eq!(bearer(None).unwrap_err().code, "jwt_auth_no_auth_header");
        assert_eq!(bearer(Some("Basic abc")).unwrap_err().code, "jwt_auth_bad_auth_header");
    }
}
