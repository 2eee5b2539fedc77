//! The Bot API's two answers: `{"ok":true,"result":..}` (with a
//! `description` where Telegram gives one) and
//! `{"ok":false,"error_code":N,"description":".."}` with HTTP status N
//! (a 429 adds `parameters.retry_after` and `Retry-After`), so clients
//! read the fake exactly as they read Telegram.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// A method's success.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Done {
    pub result: Value,
    pub description: Option<&'static str>,
}

/// A method's refusal: the error code (also the HTTP status) and Telegram's
/// description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Refusal {
    pub error_code: u16,
    pub description: String,
    pub retry_after: Option<u64>,
}

/// What a method answers.
pub(super) type Outcome = Result<Done, Refusal>;

pub(super) fn done(result: Value) -> Outcome {
    Ok(Done { result, description: None })
}

pub(super) fn done_saying(result: Value, description: &'static str) -> Outcome {
    Ok(Done { result, description: Some(description) })
}

impl Refusal {
    pub(super) fn new(error_code: u16, description: impl Into<String>) -> Refusal {
        let retry_after = (error_code == 429).then_some(1);
        Refusal { error_code, description: description.into(), retry_after }
    }

    /// A 400: "Bad Request: " and what was wrong.
    pub(super) fn bad_request(what: &str) -> Refusal {
        Refusal::new(400, format!("Bad Request: {what}"))
    }

    pub(super) fn unauthorized() -> Refusal {
        Refusal::new(401, "Unauthorized")
    }

    pub(super) fn conflict(description: &str) -> Refusal {
        Refusal::new(409, description)
    }
}

pub(super) fn respond(outcome: Outcome) -> Response {
    match outcome {
        Ok(Done { result, description: None }) => Json(json!({"ok": true, "result": result})),
        Ok(Done { result, description: Some(d) }) => {
            Json(json!({"ok": true, "result": result, "description": d}))
        }
        Err(refusal) => return refused(refusal),
    }
    .into_response()
}

fn refused(refusal: Refusal) -> Response {
    let status =
        StatusCode::from_u16(refusal.error_code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut body =
        json!({"ok": false, "error_code": refusal.error_code, "description": refusal.description});
    if let Some(seconds) = refusal.retry_after {
        body["parameters"] = json!({"retry_after": seconds});
    }
    let mut response = (status, Json(body)).into_response();
    if let Some(seconds) = refusal.retry_after {
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    }
    response
}

/// What a proxy in front of Telegram answers while it is away.
pub(super) fn bad_gateway() -> Response {
    let page = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n\
                <center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n\
                </body>\r\n</html>\r\n";
    (StatusCode::BAD_GATEWAY, [(header::CONTENT_TYPE, "text/html")], page).into_response()
}
