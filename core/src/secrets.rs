//! Secrets in node data: bot tokens, SMS API keys, WordPress and API
//! credentials. The server keeps them sealed (encrypted) and the browser only
//! ever sees a mask: `••••` and, for a long secret, its last four characters.
//! A mask sent back means "keep the saved value"; an empty string clears it.
//!
//! Which fields are secret, how a mask looks and how a sealed value carries
//! its hint are rules, so they live here; the encryption itself is the
//! server's (it holds the key).

use serde_json::Value;

use crate::kind::NodeKind;

/// What every mask starts with. No real token, key or password the product
/// accepts starts with U+2022, so a value that does is a mask.
pub const MASK: &str = "••••";

/// What a sealed value starts with: `sealed:v1:<ciphertext>:<hint>`.
pub const SEALED_PREFIX: &str = "sealed:v1:";

/// Characters shown after the mask, from the secret's end.
const HINT_CHARS: usize = 4;

/// Secrets shorter than this show no hint: four characters of an
/// eight-character password are too much of it.
const HINT_FROM_CHARS: usize = 16;

/// A secret's place in a kind's stored payload (snake_case JSON): the keys
/// from the payload's root.
pub type SecretPath = &'static [&'static str];

/// The secret fields of a kind's payload.
pub fn secret_paths(kind: NodeKind) -> &'static [SecretPath] {
    match kind {
        NodeKind::Telegram => &[&["bot_token"]],
        NodeKind::Sms => &[&["api_key"]],
        // `auth_data` keeps its camelCase keys in the payload.
        NodeKind::Wordpress => &[
            &["auth_data", "applicationPassword"],
            &["auth_data", "password"],
            &["auth_data", "jwtToken"],
        ],
        NodeKind::Apidefinition => {
            &[&["auth_data", "token"], &["auth_data", "password"], &["auth_data", "key"]]
        }
        _ => &[],
    }
}

/// Whether `value` is a mask standing for a saved secret.
pub fn is_mask(value: &str) -> bool {
    value.starts_with(MASK)
}

/// Whether `value` is a sealed secret.
pub fn is_sealed(value: &str) -> bool {
    value.starts_with(SEALED_PREFIX)
}

/// What a mask may show of `plain`: its last four characters when it is long.
pub fn hint(plain: &str) -> String {
    let chars = plain.chars().count();
    if chars < HINT_FROM_CHARS {
        return String::new();
    }
    plain.chars().skip(chars - HINT_CHARS).collect()
}

/// A sealed value from its ciphertext (URL-safe base64, no ':') and hint.
pub fn sealed(ciphertext: &str, hint: &str) -> String {
    format!("{SEALED_PREFIX}{ciphertext}:{hint}")
}

/// A sealed value's ciphertext and hint.
pub fn parse_sealed(value: &str) -> Option<(&str, &str)> {
    value.strip_prefix(SEALED_PREFIX)?.split_once(':')
}

/// The mask of a stored secret, sealed or (from before sealing) plain; `""`
/// for no secret (blank counts as none, as everywhere a secret is checked).
pub fn mask(stored: &str) -> String {
    if stored.trim().is_empty() {
        return String::new();
    }
    let hint = match parse_sealed(stored) {
        Some((_, hint)) => hint.to_owned(),
        None => hint(stored),
    };
    format!("{MASK}{hint}")
}

/// Calls `each` with every secret string in a kind's payload JSON.
pub fn for_each_secret(kind: NodeKind, payload: &mut Value, mut each: impl FnMut(&mut String)) {
    for path in secret_paths(kind) {
        if let Some(Value::String(secret)) = at(payload, path) {
            each(secret);
        }
    }
}

/// The payload as the browser may see it: every secret masked.
pub fn mask_payload(kind: NodeKind, payload: &mut Value) {
    for_each_secret(kind, payload, |secret| *secret = mask(secret));
}

/// The value at `path`, when every step is there.
pub fn at<'a>(value: &'a mut Value, path: &[&str]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |value, key| value.get_mut(*key))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::data::{NodeData, NodePayload};

    #[test]
    fn masks_show_the_end_of_long_secrets_only() {
        assert_eq!(mask(""), "");
        assert_eq!(mask("  "), "");
        assert_eq!(mask("short-pass"), "••••");
        assert_eq!(mask("123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11"), "••••ew11");
        assert_eq!(mask(&sealed("AAAA", "ew11")), "••••ew11");
        assert_eq!(mask(&sealed("AAAA", "")), "••••");
        // Characters, not bytes.
        assert_eq!(hint("گذرواژهٔ بلند و امن من"), "ن من");
        assert!(is_mask(&mask("x")) && !is_mask("x") && !is_mask(""));
    }

    #[test]
    fn sealed_values_part_at_the_first_colon_after_the_prefix() {
        assert_eq!(parse_sealed(&sealed("c1-_x", "a:b:")), Some(("c1-_x", "a:b:")));
        assert!(is_sealed(&sealed("c", "")));
        assert_eq!(parse_sealed("123456:ABC"), None);
    }

    #[test]
    fn every_secret_path_is_a_string_field_of_its_payload() {
        for kind in NodeKind::ALL.into_iter().filter(|k| k.is_persisted()) {
            let paths = secret_paths(kind);
            if paths.is_empty() {
                continue;
            }
            // Fill every credential so each path is there whatever the auth type.
            let payload = NodeData::default_for(kind).to_payload().unwrap();
            let mut value = serde_json::to_value(payload).unwrap();
            for path in paths {
                let (last, parents) = path.split_last().unwrap();
                let parent = at(&mut value, parents).unwrap_or_else(|| panic!("{kind} {path:?}"));
                parent[*last] = json!("secret-value-long-enough");
            }
            let round = NodePayload::from_json(kind, value.clone()).unwrap();
            let mut again = serde_json::to_value(round).unwrap();
            let mut seen = 0;
            for_each_secret(kind, &mut again, |secret| {
                assert_eq!(secret, "secret-value-long-enough", "{kind}");
                seen += 1;
            });
            assert_eq!(seen, paths.len(), "{kind}");
            mask_payload(kind, &mut again);
            assert!(!again.to_string().contains("secret-value"), "{kind}: {again}");
        }
    }
}
