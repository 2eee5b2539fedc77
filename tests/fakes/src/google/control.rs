//! `/_fake/*`: scripting the Google fake over HTTP, for the browser specs
//! that run it as a separate process (the `dastyar-fakes` binary). Each
//! route does what the same-named [`super::FakeGoogle`] method does. A body
//! the fake cannot read is a 400 `{"error": "..."}` saying what it expected.

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;

use super::Shared;

pub(super) fn router() -> Router<Shared> {
    Router::new()
        .route("/_fake/docs", post(put_doc))
        .route("/_fake/spreadsheets", post(put_spreadsheet))
        .route("/_fake/decline_consent", post(decline_consent))
}

#[derive(Deserialize)]
struct Doc {
    id: String,
    name: String,
    text: String,
}

/// A spreadsheet's tabs in order: `[{"title", "rows": [[cell, ...], ...]}]`.
#[derive(Deserialize)]
struct Spreadsheet {
    id: String,
    name: String,
    sheets: Vec<Tab>,
}

#[derive(Deserialize)]
struct Tab {
    title: String,
    rows: Vec<Vec<String>>,
}

#[derive(Deserialize)]
struct Decline {
    decline: bool,
}

async fn put_doc(State(inner): State<Shared>, body: Bytes) -> Response {
    let doc: Doc = match read(&body, r#"{"id", "name", "text"}"#) {
        Ok(doc) => doc,
        Err(refused) => return *refused,
    };
    inner.lock().unwrap().put_doc(&doc.id, &doc.name, &doc.text);
    StatusCode::NO_CONTENT.into_response()
}

async fn put_spreadsheet(State(inner): State<Shared>, body: Bytes) -> Response {
    let shape = r#"{"id", "name", "sheets": [{"title", "rows": [["cell", ...], ...]}]}"#;
    let spreadsheet: Spreadsheet = match read(&body, shape) {
        Ok(spreadsheet) => spreadsheet,
        Err(refused) => return *refused,
    };
    let sheets = spreadsheet.sheets.into_iter().map(|tab| (tab.title, tab.rows)).collect();
    inner.lock().unwrap().put_spreadsheet(&spreadsheet.id, &spreadsheet.name, sheets);
    StatusCode::NO_CONTENT.into_response()
}

async fn decline_consent(State(inner): State<Shared>, body: Bytes) -> Response {
    let answer: Decline = match read(&body, r#"{"decline": true | false}"#) {
        Ok(answer) => answer,
        Err(refused) => return *refused,
    };
    inner.lock().unwrap().decline_consent = answer.decline;
    StatusCode::NO_CONTENT.into_response()
}

/// The body as `T`, or a 400 naming the shape expected (boxed: a response is large).
fn read<T: DeserializeOwned>(body: &[u8], shape: &str) -> Result<T, Box<Response>> {
    serde_json::from_slice(body).map_err(|e| {
        let error = format!("expected {shape}: {e}");
        Box::new((StatusCode::BAD_REQUEST, Json(json!({ "error": error }))).into_response())
    })
}
