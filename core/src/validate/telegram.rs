//! Telegram: the bot registration payload and the bot token's shape.

use serde_json::Value;

use super::FieldError;
use crate::messages::MessageCode;
use crate::secrets::is_mask;

/// The Bot API refuses longer tokens outright (providers.md, tdlib).
pub const TOKEN_MAX: usize = 80;
/// A well-formed token as a pattern (ECMA-262 and Python read it alike), for
/// documents; [`validate_telegram_token`] is the rule itself.
pub const TOKEN_PATTERN: &str = "^[1-9][0-9]*:[A-Za-z0-9_-]+$";

/// Registration needs a non-empty string `project_id` (spec §5); a number,
/// null or a missing key is refused rather than coerced.
pub fn validate_telegram_registration(payload: &Value) -> Result<(), FieldError> {
    match payload.get("project_id") {
        Some(Value::String(id)) if !id.trim().is_empty() => Ok(()),
        _ => Err(FieldError::new("project_id", MessageCode::TelegramProjectIdInvalid)),
    }
}

/// A bot token, `<bot_id>:<secret>`, checked as the Bot API server does so a
/// typo is caught before any request: the id is digits not starting with 0,
/// the secret is letters, digits, '_' and '-', at most 80 characters in all.
/// Whitespace is not trimmed: the token is used exactly as stored. A mask
/// stands for the saved token, checked when it was saved.
pub fn validate_telegram_token(token: &str) -> Result<(), FieldError> {
    if token.trim().is_empty() {
        return Err(FieldError::new("bot_token", MessageCode::FieldRequired));
    }
    if is_mask(token) {
        return Ok(());
    }
    let well_formed = token.len() <= TOKEN_MAX
        && token.split_once(':').is_some_and(|(id, secret)| {
            !id.is_empty()
                && !id.starts_with('0')
                && id.bytes().all(|b| b.is_ascii_digit())
                && !secret.is_empty()
                && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        });
    if well_formed {
        Ok(())
    } else {
        Err(FieldError::new("bot_token", MessageCode::TelegramTokenInvalid))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn registration_needs_a_string_project_id() {
        assert!(validate_telegram_registration(&json!({"project_id": "p-1"})).is_ok());
        assert!(validate_telegram_registration(&json!({"project_id": "12", "x": 1})).is_ok());
        for payload in [
            json!({"project_id": ""}),
            json!({"project_id": "  "}),
            json!({"project_id": 12}),
            json!({"project_id": null}),
            json!({"project_id": ["p"]}),
            json!({}),
            json!("p-1"),
            json!(null),
        ] {
            assert_eq!(
                validate_telegram_registration(&payload),
                Err(FieldError::new("project_id", MessageCode::TelegramProjectIdInvalid)),
                "{payload}"
            );
        }
    }

    fn code(token: &str) -> Option<MessageCode> {
        validate_telegram_token(token).err().map(|e| e.code)
    }

    #[test]
    fn token_forms() {
        assert_eq!(code("123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11"), None);
        assert_eq!(code("1:a"), None);
        assert_eq!(code("1:a_b-C9"), None);
        assert_eq!(code("••••ew11"), None);
        for bad in [
            "123456",    // no colon
            "123456:",   // no secret
            ":ABC",      // no id
            "0123:ABC",  // id starts with 0
            "12a4:ABC",  // id not digits
            "123:AB/C",  // '/' breaks the URL
            "123:AB:C",  // second colon
            "123:AB C",  // space
            " 123:ABC",  // untrimmed
            "123:ABCکد", // non-ASCII
            "-123:ABC",
        ] {
            assert_eq!(code(bad), Some(MessageCode::TelegramTokenInvalid), "{bad:?}");
        }
        assert_eq!(code(""), Some(MessageCode::FieldRequired));
        assert_eq!(validate_telegram_token("x").unwrap_err().field, "bot_token");
    }

    #[test]
    fn token_length_limit() {
        let at_limit = format!("123456:{}", "a".repeat(80 - 7));
        assert_eq!(at_limit.len(), 80);
        assert_eq!(code(&at_limit), None);
        assert_eq!(code(&format!("{at_limit}b")), Some(MessageCode::TelegramTokenInvalid));
    }
}
