//! Addresses of outside services (a WordPress site, an API's base URL).

use url::{Position, Url};

use super::FieldError;
use crate::messages::MessageCode;

/// Normalises an http or https address with a host: no trailing slash, so
/// paths can be appended as they are; a query or fragment is dropped. The
/// host comes back as the `url` crate writes it (lower case, punycode).
pub fn normalize_http_url(
    input: &str,
    field: &str,
    invalid: MessageCode,
) -> Result<String, FieldError> {
    let input = input.trim();
    if input.is_empty() {
        return Err(FieldError::new(field, MessageCode::FieldRequired));
    }
    let refuse = || FieldError::new(field, invalid);
    let url = Url::parse(input).map_err(|_| refuse())?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err(refuse());
    }
    // `url` writes "/" for an empty path; strip it and any the user typed.
    Ok(url[..Position::AfterPath].trim_end_matches('/').to_owned())
}
