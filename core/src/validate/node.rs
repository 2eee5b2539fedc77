//! What a node's data must satisfy to be saved: every field that is filled in
//! has the right format, and is stored in its normal form. Fields may be left
//! empty while a node is being set up; completeness is checked when the node
//! is connected (`connect`), not when it is saved.

use serde_json::Value;
use url::Url;

use super::FieldError;
use super::field_sizes::oversized_fields;
use super::function_schema::validate_function_name;
use super::http_url::normalize_http_url;
use super::phone::normalize_receptors;
use super::sms::{normalize_sms_sender, validate_sms_api_key};
use super::telegram::validate_telegram_token;
use super::wordpress::normalize_wordpress_url;
use crate::data::NodeData;
use crate::data::iframe::{FRAME_TITLE_MAX, FRAME_WELCOME_MAX, normalize_color};
use crate::data::{apidefinition, wordpress};
use crate::messages::MessageCode;
use crate::schedule::validate_schedule;

/// The longest node name (label) accepted.
pub const MAX_NAME_CHARS: usize = 200;

/// Normalises `data` in place (phone numbers to 09…, site addresses without
/// trailing slashes, domains to bare hosts) and reports every field that is
/// filled in but malformed.
pub fn prepare_node_data(data: &mut NodeData) -> Result<(), Vec<FieldError>> {
    let mut problems = Vec::new();
    let mut check = |result: Result<(), FieldError>| {
        if let Err(problem) = result {
            problems.push(problem);
        }
    };

    let base = data.base_mut();
    base.label = base.label.trim().to_owned();
    if base.label.chars().count() > MAX_NAME_CHARS {
        check(Err(FieldError::new("label", MessageCode::NameTooLong)));
    }
    for oversized in oversized_fields(data) {
        check(Err(oversized));
    }

    match data {
        NodeData::Sms(sms) => {
            if !sms.api_key.trim().is_empty() {
                sms.api_key = sms.api_key.trim().to_owned();
                check(validate_sms_api_key(&sms.api_key));
            }
            if !sms.receptor.trim().is_empty() {
                check(normalize_receptors(&sms.receptor).map(|list| sms.receptor = list.join(",")));
            }
            check(normalize_sms_sender(&sms.sender).map(|sender| sms.sender = sender));
        }
        NodeData::Scheduler(s) => check(validate_schedule(&s.schedule)),
        NodeData::Trigger(t) => check(validate_schedule(&t.schedule)),
        NodeData::Wordpress(w) => {
            w.auth_data = wordpress::auth_data_for(w.auth_type, &w.auth_data);
            if !w.site_url.trim().is_empty() {
                check(normalize_wordpress_url(&w.site_url).map(|url| w.site_url = url));
            }
        }
        NodeData::Apidefinition(a) => {
            a.auth_data = Value::Object(apidefinition::auth_data_for(a.auth_type, &a.auth_data));
            if !a.base_url.trim().is_empty() {
                let url =
                    normalize_http_url(&a.base_url, "baseUrl", MessageCode::ApiBaseUrlInvalid);
                check(url.map(|url| a.base_url = url));
            }
        }
        NodeData::Telegram(t) if !t.bot_token.is_empty() => {
            check(validate_telegram_token(&t.bot_token));
        }
        NodeData::Function(f) => {
            if !f.function_name.trim().is_empty() {
                check(validate_function_name(&f.function_name));
            }
            if !f.parameters.is_object() {
                check(Err(FieldError::new("parameters", MessageCode::FunctionParametersInvalid)));
            }
        }
        NodeData::Iframe(frame) => {
            let mut domains = Vec::new();
            for domain in frame.authorized_domains.iter().filter(|d| !d.trim().is_empty()) {
                match normalize_domain(domain) {
                    Some(d) if !domains.contains(&d) => domains.push(d),
                    Some(_) => {}
                    None => {
                        check(Err(FieldError::new("authorizedDomains", MessageCode::DomainInvalid)))
                    }
                }
            }
            frame.authorized_domains = domains;
            let look = &mut frame.appearance;
            match normalize_color(&look.color) {
                Some(color) => look.color = color,
                None => check(Err(FieldError::new("appearance", MessageCode::FrameColorInvalid))),
            }
            look.title = look.title.trim().to_owned();
            look.welcome = look.welcome.trim().to_owned();
            if look.title.chars().count() > FRAME_TITLE_MAX {
                check(Err(FieldError::new("appearance", MessageCode::FrameTitleTooLong)));
            }
            if look.welcome.chars().count() > FRAME_WELCOME_MAX {
                check(Err(FieldError::new("appearance", MessageCode::FrameWelcomeTooLong)));
            }
        }
        _ => {}
    }

    if problems.is_empty() { Ok(()) } else { Err(problems) }
}

/// A domain a chat frame may be embedded on, as a bare host (with a port if
/// given): "https://Example.ir/" becomes "example.ir"; "*.example.ir" allows
/// subdomains.
pub fn normalize_domain(input: &str) -> Option<String> {
    let input = input.trim().to_lowercase();
    let (wildcard, rest) = match input.strip_prefix("*.") {
        Some(rest) => (true, rest.to_owned()),
        None => (false, input),
    };
    let with_scheme = if rest.contains("://") { rest.clone() } else { format!("https://{rest}") };
    let url = Url::parse(&with_scheme).ok()?;
    let host = url.host_str().filter(|h| !h.is_empty())?;
    let plain_path = url.path().trim_end_matches('/').is_empty();
    if !plain_path || url.query().is_some() || !url.username().is_empty() {
        return None;
    }
    let port = url.port().map(|p| format!(":{p}")).unwrap_or_default();
    Some(format!("{}{host}{port}", if wildcard { "*." } else { "" }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::NodeKind;
    use serde_json::json;

    fn data(kind: NodeKind, value: serde_json::Value) -> NodeData {
        NodeData::from_json(kind, value).unwrap()
    }

    fn fields(result: Result<(), Vec<FieldError>>) -> Vec<String> {
        result.err().unwrap_or_default().into_iter().map(|e| e.field).collect()
    }

    #[test]
    fn defaults_of_every_kind_can_be_saved() {
        for kind in NodeKind::ALL {
            let mut d = NodeData::default_for(kind);
            assert_eq!(prepare_node_data(&mut d), Ok(()), "{kind}");
        }
    }

    #[test]
    fn filled_fields_are_normalised() {
        let mut sms = data(
            NodeKind::Sms,
            json!({"receptor": "+98 912 345 6789, 09351112233", "sender": "۱۰۰۰ ۴۳۴۶"}),
        );
        prepare_node_data(&mut sms).unwrap();
        let NodeData::Sms(s) = &sms else { unreachable!() };
        assert_eq!(s.receptor, "09123456789,09351112233");
        assert_eq!(s.sender, "10004346");

        let mut wp = data(NodeKind::Wordpress, json!({"siteUrl": " https://Blog.Example.ir/// "}));
        prepare_node_data(&mut wp).unwrap();
        let NodeData::Wordpress(w) = &wp else { unreachable!() };
        assert_eq!(w.site_url, "https://blog.example.ir");

        let mut wp = data(
            NodeKind::Wordpress,
            json!({"authType": "jwt", "authData": {"username": "admin", "password": "pw", "jwtToken": "eyJ"}}),
        );
        prepare_node_data(&mut wp).unwrap();
        let NodeData::Wordpress(w) = &wp else { unreachable!() };
        assert_eq!((w.auth_data.username.as_str(), w.auth_data.password.as_str()), ("", ""));
        assert_eq!(w.auth_data.jwt_token, "eyJ");

        let mut frame = data(
            NodeKind::Iframe,
            json!({"authorizedDomains": ["https://Example.ir/", "example.ir", " ", "*.shop.ir", "localhost:5173"]}),
        );
        prepare_node_data(&mut frame).unwrap();
        let NodeData::Iframe(f) = &frame else { unreachable!() };
        assert_eq!(f.authorized_domains, ["example.ir", "*.shop.ir", "localhost:5173"]);

        let mut look = data(
            NodeKind::Iframe,
            json!({"appearance": {"title": "  پشتیبانی ", "welcome": " سلام ", "color": "#0EA"}}),
        );
        prepare_node_data(&mut look).unwrap();
        let NodeData::Iframe(f) = &look else { unreachable!() };
        assert_eq!(
            (
                f.appearance.title.as_str(),
                f.appearance.welcome.as_str(),
                f.appearance.color.as_str()
            ),
            ("پشتیبانی", "سلام", "#00eeaa")
        );
    }

    #[test]
    fn a_frames_look_is_checked_field_by_field() {
        let problems = |appearance: serde_json::Value| {
            let mut frame = data(NodeKind::Iframe, json!({ "appearance": appearance }));
            prepare_node_data(&mut frame)
                .err()
                .unwrap_or_default()
                .into_iter()
                .map(|e| e.code)
                .collect::<Vec<_>>()
        };
        assert_eq!(problems(json!({"color": "red"})), [MessageCode::FrameColorInvalid]);
        assert_eq!(problems(json!({"title": "ن".repeat(81)})), [MessageCode::FrameTitleTooLong]);
        assert!(problems(json!({"title": "ن".repeat(80)})).is_empty());
        assert_eq!(
            problems(json!({"welcome": "ن".repeat(1001)})),
            [MessageCode::FrameWelcomeTooLong]
        );
        assert!(problems(json!({"welcome": "ن".repeat(1000)})).is_empty());
    }

    #[test]
    fn malformed_fields_are_named() {
        let mut sms =
            data(NodeKind::Sms, json!({"apiKey": "short", "receptor": "12345", "sender": "x1"}));
        assert_eq!(fields(prepare_node_data(&mut sms)), ["apiKey", "receptor", "sender"]);

        let mut api = data(NodeKind::Apidefinition, json!({"baseUrl": "ftp://files.ir"}));
        assert_eq!(fields(prepare_node_data(&mut api)), ["baseUrl"]);

        let mut bot = data(NodeKind::Telegram, json!({"bot_token": "not a token"}));
        assert_eq!(fields(prepare_node_data(&mut bot)), ["bot_token"]);

        let mut cron =
            data(NodeKind::Trigger, json!({"scheduleType": "cron", "cronExpression": "nope"}));
        assert_eq!(fields(prepare_node_data(&mut cron)), ["cronExpression"]);

        let mut function =
            data(NodeKind::Function, json!({"functionName": "get weather", "parameters": []}));
        assert_eq!(fields(prepare_node_data(&mut function)), ["functionName", "parameters"]);

        let mut frame = data(NodeKind::Iframe, json!({"authorizedDomains": ["example.ir/path"]}));
        assert_eq!(fields(prepare_node_data(&mut frame)), ["authorizedDomains"]);

        let mut long = data(NodeKind::Instruction, json!({"label": "ن".repeat(201)}));
        assert_eq!(fields(prepare_node_data(&mut long)), ["label"]);
        let mut fits = data(NodeKind::Instruction, json!({"label": "ن".repeat(200)}));
        assert_eq!(prepare_node_data(&mut fits), Ok(()));
    }

    #[test]
    fn domains() {
        assert_eq!(normalize_domain("EXAMPLE.ir").as_deref(), Some("example.ir"));
        assert_eq!(normalize_domain("http://example.ir:8080/").as_deref(), Some("example.ir:8080"));
        assert_eq!(normalize_domain("*.example.ir").as_deref(), Some("*.example.ir"));
        assert_eq!(normalize_domain("example.ir/x"), None);
        assert_eq!(normalize_domain("user@example.ir"), None);
        assert_eq!(normalize_domain("exa mple.ir"), None);
    }
}
