//! Drive v3 (file metadata, export) and Sheets v4 (spreadsheet metadata,
//! values), each behind a bearer access token, errors in Google's shape.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::{Inner, Shared};

fn api_error(status: StatusCode, message: &str, reason: &str) -> Response {
    let body = json!({"error": {
        "code": status.as_u16(), "message": message, "status": reason,
        "errors": [{"message": message, "domain": "global", "reason": reason}],
    }});
    (status, Json(body)).into_response()
}

fn not_found(id: &str) -> Response {
    api_error(StatusCode::NOT_FOUND, &format!("File not found: {id}."), "NOT_FOUND")
}

/// The state when the bearer token is valid, Google's 401 otherwise (boxed:
/// a response is large).
fn authorised<'a>(
    inner: &'a Shared,
    headers: &HeaderMap,
) -> Result<std::sync::MutexGuard<'a, Inner>, Box<Response>> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    let mut inner = inner.lock().unwrap();
    if inner.access.get(token) != Some(&true) {
        return Err(Box::new(api_error(
            StatusCode::UNAUTHORIZED,
            "Request had invalid authentication credentials. Expected OAuth 2 access token, \
             login cookie or other valid authentication credential.",
            "UNAUTHENTICATED",
        )));
    }
    inner.api_calls += 1;
    Ok(inner)
}

/// `GET /drive/v3/files/{id}`: its name, type and version.
pub(super) async fn file(
    State(inner): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let inner = match authorised(&inner, &headers) {
        Ok(inner) => inner,
        Err(refused) => return *refused,
    };
    let (name, mime, version) = if let Some(doc) = inner.docs.get(&id) {
        (doc.name.clone(), "application/vnd.google-apps.document", doc.version)
    } else if let Some(sheet) = inner.spreadsheets.get(&id) {
        (sheet.name.clone(), "application/vnd.google-apps.spreadsheet", sheet.version)
    } else {
        return not_found(&id);
    };
    Json(json!({
        "kind": "drive#file", "id": id, "name": name, "mimeType": mime,
        "version": version.to_string(),
        "modifiedTime": format!("2026-11-25T10:{:02}:00.000Z", version % 60),
    }))
    .into_response()
}

/// `GET /drive/v3/files/{id}/export?mimeType=text/plain`: a doc's text.
pub(super) async fn export(
    State(inner): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let inner = match authorised(&inner, &headers) {
        Ok(inner) => inner,
        Err(refused) => return *refused,
    };
    let Some(mime) = query.get("mimeType") else {
        return api_error(
            StatusCode::BAD_REQUEST,
            "Required parameter: mimeType",
            "INVALID_ARGUMENT",
        );
    };
    let Some(doc) = inner.docs.get(&id) else { return not_found(&id) };
    if mime != "text/plain" {
        return api_error(
            StatusCode::BAD_REQUEST,
            "The requested conversion is not supported.",
            "INVALID_ARGUMENT",
        );
    }
    // Drive's text export starts with a byte-order mark.
    let body = format!("\u{feff}{}", doc.text);
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

/// `GET /v4/spreadsheets/{id}`: its title and its tabs.
pub(super) async fn spreadsheet(
    State(inner): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let inner = match authorised(&inner, &headers) {
        Ok(inner) => inner,
        Err(refused) => return *refused,
    };
    let Some(spreadsheet) = inner.spreadsheets.get(&id) else {
        return api_error(StatusCode::NOT_FOUND, "Requested entity was not found.", "NOT_FOUND");
    };
    let sheets: Vec<_> = spreadsheet
        .sheets
        .iter()
        .enumerate()
        .map(|(index, (title, _))| {
            json!({"properties": {"sheetId": index, "title": title, "index": index,
                                  "sheetType": "GRID"}})
        })
        .collect();
    Json(json!({
        "spreadsheetId": id,
        "properties": {"title": spreadsheet.name, "locale": "fa_IR"},
        "sheets": sheets,
    }))
    .into_response()
}

/// `GET /v4/spreadsheets/{id}/values/{range}`: a tab's rows (the range is
/// the tab's title, quoted or not, with or without cells after `!`);
/// trailing empty cells are dropped, and `values` is absent when empty.
pub(super) async fn values(
    State(inner): State<Shared>,
    headers: HeaderMap,
    Path((id, range)): Path<(String, String)>,
) -> Response {
    let inner = match authorised(&inner, &headers) {
        Ok(inner) => inner,
        Err(refused) => return *refused,
    };
    let Some(spreadsheet) = inner.spreadsheets.get(&id) else {
        return api_error(StatusCode::NOT_FOUND, "Requested entity was not found.", "NOT_FOUND");
    };
    let title = range.split('!').next().unwrap_or_default();
    let title = title.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')).unwrap_or(title);
    let title = title.replace("''", "'");
    let Some((_, rows)) = spreadsheet.sheets.iter().find(|(t, _)| *t == title) else {
        return api_error(
            StatusCode::BAD_REQUEST,
            &format!("Unable to parse range: {range}"),
            "INVALID_ARGUMENT",
        );
    };
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            let keep = row.iter().rposition(|c| !c.is_empty()).map_or(0, |last| last + 1);
            row[..keep].to_vec()
        })
        .collect();
    let keep = rows.iter().rposition(|r| !r.is_empty()).map_or(0, |last| last + 1);
    let mut body =
        json!({"range": format!("'{title}'!A1:Z{}", keep.max(1)), "majorDimension": "ROWS"});
    if keep > 0 {
        body["values"] = json!(rows[..keep]);
    }
    Json(body).into_response()
}
