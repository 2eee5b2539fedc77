//! The SMS node's configuration (spec §5 "Field formats"): the Kavenegar API
//! key, the receptors, and either a plain message or a template with a token.

use super::FieldError;
use super::phone::normalize_receptors;
use crate::data::sms::SmsSendMethod;
use crate::digits::ascii_digit;
use crate::messages::MessageCode;
use crate::secrets::is_mask;

const API_KEY_MIN: usize = 40;
const API_KEY_MAX: usize = 80;
/// Kavenegar's lines are 3 to 20 digits long ("10004346", "2000500666").
const SENDER_DIGITS: std::ops::RangeInclusive<usize> = 3..=20;
/// The most characters Kavenegar takes in a template token.
pub const SMS_TOKEN_MAX_CHARS: usize = 100;

/// A Kavenegar API key: 40 to 80 characters of letters, digits, '+', '/' and
/// '='. Surrounding whitespace (from pasting) is ignored. A mask stands for
/// the saved key, checked when it was saved.
pub fn validate_sms_api_key(key: &str) -> Result<(), FieldError> {
    let key = key.trim();
    if key.is_empty() {
        return Err(FieldError::new("apiKey", MessageCode::FieldRequired));
    }
    if is_mask(key) {
        return Ok(());
    }
    let allowed = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=');
    // All allowed characters are ASCII, so bytes count characters here.
    if (API_KEY_MIN..=API_KEY_MAX).contains(&key.len()) && key.bytes().all(allowed) {
        Ok(())
    } else {
        Err(FieldError::new("apiKey", MessageCode::SmsApiKeyInvalid))
    }
}

/// A Kavenegar sender line in its normal form: its digits (Persian and
/// Arabic-Indic ones made ASCII, spaces dropped); empty stays empty (the
/// account's default line).
pub fn normalize_sms_sender(input: &str) -> Result<String, FieldError> {
    let mut digits = String::with_capacity(input.len());
    for c in input.chars().filter(|c| !c.is_whitespace()) {
        match ascii_digit(c) {
            Some(d) => digits.push(d),
            None => return Err(FieldError::new("sender", MessageCode::SmsSenderInvalid)),
        }
    }
    if digits.is_empty() || SENDER_DIGITS.contains(&digits.len()) {
        Ok(digits)
    } else {
        Err(FieldError::new("sender", MessageCode::SmsSenderInvalid))
    }
}

/// A template token as Kavenegar takes `token` and `token2`: no whitespace,
/// at most [`SMS_TOKEN_MAX_CHARS`] characters. `field` names it in the error.
pub fn validate_sms_token(field: &str, token: &str) -> Result<(), FieldError> {
    let fits = token.chars().count() <= SMS_TOKEN_MAX_CHARS;
    if fits && !token.chars().any(char::is_whitespace) {
        Ok(())
    } else {
        Err(FieldError::new(field, MessageCode::SmsTokenInvalid))
    }
}

/// A template send needs only a template name and a token (spec: "Template
/// validity needs only two non-empty values"); Kavenegar checks the rest.
pub fn sms_template_valid(template: &str, token: &str) -> bool {
    !template.trim().is_empty() && !token.trim().is_empty()
}

/// The SMS fields the checks read, borrowed from whichever shape holds them.
#[derive(Debug, Clone, Copy)]
pub struct SmsConfigView<'a> {
    pub api_key: &'a str,
    pub receptor: &'a str,
    pub send_method: SmsSendMethod,
    pub message: &'a str,
    pub template: &'a str,
    pub token: &'a str,
}

/// Every problem with an SMS configuration, in form order: apiKey, receptor,
/// then template and token (template method) or message (simple method).
pub fn sms_config_errors(cfg: &SmsConfigView) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if let Err(e) = validate_sms_api_key(cfg.api_key) {
        errors.push(e);
    }
    if let Err(e) = normalize_receptors(cfg.receptor) {
        errors.push(e);
    }
    match cfg.send_method {
        SmsSendMethod::Template => {
            if cfg.template.trim().is_empty() {
                errors.push(FieldError::new("template", MessageCode::SmsTemplateInvalid));
            }
            if cfg.token.trim().is_empty() {
                errors.push(FieldError::new("token", MessageCode::SmsTemplateInvalid));
            }
        }
        SmsSendMethod::Simple => {
            if cfg.message.trim().is_empty() {
                errors.push(FieldError::new("message", MessageCode::SmsMessageEmpty));
            }
        }
    }
    errors
}

pub fn sms_config_complete(cfg: &SmsConfigView) -> bool {
    sms_config_errors(cfg).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(len: usize) -> String {
        "Ab1+/=".chars().cycle().take(len).collect()
    }

    fn code(key: &str) -> Option<MessageCode> {
        validate_sms_api_key(key).err().map(|e| e.code)
    }

    #[test]
    fn api_key_length_boundaries() {
        assert_eq!(code(&key(39)), Some(MessageCode::SmsApiKeyInvalid));
        assert_eq!(code(&key(40)), None);
        assert_eq!(code(&key(80)), None);
        assert_eq!(code(&key(81)), Some(MessageCode::SmsApiKeyInvalid));
    }

    #[test]
    fn api_key_characters() {
        let mut bad = key(50);
        bad.replace_range(10..11, "-");
        assert_eq!(code(&bad), Some(MessageCode::SmsApiKeyInvalid));
        let mut inner_space = key(50);
        inner_space.replace_range(10..11, " ");
        assert_eq!(code(&inner_space), Some(MessageCode::SmsApiKeyInvalid));
        // A Persian letter is one character but not allowed.
        assert_eq!(code(&format!("{}ک", key(45))), Some(MessageCode::SmsApiKeyInvalid));
        assert_eq!(code(&format!("  {}\n", key(40))), None);
        assert_eq!(code("   "), Some(MessageCode::FieldRequired));
        assert_eq!(validate_sms_api_key("x").unwrap_err().field, "apiKey");
        assert_eq!(code("••••a1b2"), None);
    }

    #[test]
    fn senders_are_digits() {
        assert_eq!(normalize_sms_sender("").unwrap(), "");
        assert_eq!(normalize_sms_sender(" 1000 4346 ").unwrap(), "10004346");
        assert_eq!(normalize_sms_sender("۱۰۰۰۴۳۴۶").unwrap(), "10004346");
        assert_eq!(normalize_sms_sender("100").unwrap(), "100");
        assert_eq!(normalize_sms_sender(&"9".repeat(20)).unwrap().len(), 20);
        for bad in ["10", &"9".repeat(21), "+9810004346", "1000-4346", "line"] {
            let error = normalize_sms_sender(bad).unwrap_err();
            assert_eq!(error, FieldError::new("sender", MessageCode::SmsSenderInvalid), "{bad}");
        }
    }

    #[test]
    fn tokens_have_no_spaces_and_fit() {
        assert!(validate_sms_token("token", "1234").is_ok());
        assert!(validate_sms_token("token", "").is_ok());
        assert!(validate_sms_token("token", &"ک".repeat(100)).is_ok());
        assert_eq!(
            validate_sms_token("token2", &"ک".repeat(101)).unwrap_err(),
            FieldError::new("token2", MessageCode::SmsTokenInvalid)
        );
        for bad in ["12 34", "12\t34", " 1234", "1234\n"] {
            assert!(validate_sms_token("token", bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn template_needs_two_values() {
        assert!(sms_template_valid("verify", "1234"));
        assert!(!sms_template_valid("verify", "  "));
        assert!(!sms_template_valid("", "1234"));
    }

    fn simple<'a>(api_key: &'a str, receptor: &'a str, message: &'a str) -> SmsConfigView<'a> {
        SmsConfigView {
            api_key,
            receptor,
            send_method: SmsSendMethod::Simple,
            message,
            template: "",
            token: "",
        }
    }

    #[test]
    fn simple_method() {
        let k = key(40);
        assert!(sms_config_complete(&simple(&k, "09123456789", "سلام")));
        assert_eq!(
            sms_config_errors(&simple(&k, "09123456789", "  ")),
            vec![FieldError::new("message", MessageCode::SmsMessageEmpty)]
        );
        // The template fields do not matter to the simple method.
        let cfg = SmsConfigView { template: "verify", token: "1", ..simple(&k, "09123456789", "") };
        assert!(!sms_config_complete(&cfg));
        let fields: Vec<_> =
            sms_config_errors(&simple("short", "0812", "")).into_iter().map(|e| e.field).collect();
        assert_eq!(fields, ["apiKey", "receptor", "message"]);
    }

    #[test]
    fn template_method() {
        let k = key(60);
        let cfg = SmsConfigView {
            send_method: SmsSendMethod::Template,
            template: "verify",
            token: "1234",
            ..simple(&k, "09123456789, 09351112233", "")
        };
        assert!(sms_config_complete(&cfg));
        assert_eq!(
            sms_config_errors(&SmsConfigView { token: " ", ..cfg }),
            vec![FieldError::new("token", MessageCode::SmsTemplateInvalid)]
        );
        assert_eq!(
            sms_config_errors(&SmsConfigView { template: "", token: "", ..cfg }),
            vec![
                FieldError::new("template", MessageCode::SmsTemplateInvalid),
                FieldError::new("token", MessageCode::SmsTemplateInvalid),
            ]
        );
        assert_eq!(
            sms_config_errors(&SmsConfigView { receptor: "", ..cfg }),
            vec![FieldError::new("receptor", MessageCode::FieldRequired)]
        );
    }
}
