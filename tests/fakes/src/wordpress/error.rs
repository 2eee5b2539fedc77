//! WordPress's error answer, as `WP_REST_Server::error_to_response` writes
//! a `WP_Error`: `{"code","message","data":{"status",...}}` with HTTP
//! status `data.status` (500 when the error carries none, as the Basic
//! Auth plugin's do), and `rest_invalid_param` naming each bad parameter.

use serde_json::{Map, Value, json};

#[derive(Debug, Clone, PartialEq)]
pub(super) struct WpError {
    pub status: u16,
    pub code: String,
    pub message: String,
    /// More of `data` beside `status`.
    pub data: Map<String, Value>,
}

impl WpError {
    pub(super) fn new(status: u16, code: &str, message: &str) -> WpError {
        WpError { status, code: code.to_owned(), message: message.to_owned(), data: Map::new() }
    }

    /// `rest_authorization_required_code()`: 401 to nobody, 403 to a user.
    pub(super) fn authorization(signed_in: bool, code: &str, message: &str) -> WpError {
        WpError::new(if signed_in { 403 } else { 401 }, code, message)
    }

    pub(super) fn no_route() -> WpError {
        WpError::new(
            404,
            "rest_no_route",
            "No route was found matching the URL and request method.",
        )
    }

    /// 400 `rest_invalid_param` for `(parameter, code, message)` each.
    pub(super) fn invalid_params(problems: &[(&str, &str, String)]) -> WpError {
        let names: Vec<&str> = problems.iter().map(|(name, _, _)| *name).collect();
        let mut error = WpError::new(
            400,
            "rest_invalid_param",
            &format!("Invalid parameter(s): {}", names.join(", ")),
        );
        let params: Map<String, Value> = problems
            .iter()
            .map(|(name, _, message)| ((*name).to_owned(), json!(message)))
            .collect();
        let details: Map<String, Value> = problems
            .iter()
            .map(|(name, code, message)| {
                ((*name).to_owned(), json!({"code": code, "message": message, "data": null}))
            })
            .collect();
        error.data.insert("params".into(), Value::Object(params));
        error.data.insert("details".into(), Value::Object(details));
        error
    }

    pub(super) fn body(&self) -> Value {
        let mut data = self.data.clone();
        data.insert("status".into(), json!(self.status));
        json!({"code": self.code, "message": self.message, "data": data})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_carry_their_status_in_data() {
        let error =
            WpError::authorization(false, "rest_not_logged_in", "You are not currently logged in.");
        assert_eq!(
            error.body(),
            json!({"code": "rest_not_logged_in", "message": "You are not currently logged in.", "data": {"status": 401}})
        );
        let invalid = WpError::invalid_params(&[(
            "per_page",
            "rest_out_of_bounds",
            "per_page must be between 1 (inclusive) and 100 (inclusive)".into(),
        )]);
        assert_eq!(invalid.body()["message"], "Invalid parameter(s): per_page");
        assert_eq!(
            invalid.body()["data"]["params"]["per_page"],
            "per_page must be between 1 (inclusive) and 100 (inclusive)"
        );
        assert_eq!(invalid.body()["data"]["details"]["per_page"]["code"], "rest_out_of_bounds");
    }
}
