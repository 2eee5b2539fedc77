//! A project load (`GET /projects/{id}/nodes` and `/edges`) answered from
//! what was served before while the project has not changed. A project's
//! revision grows in the transaction of every change to its nodes or edges
//! (migration 0016's triggers), so it lives in the database and every
//! instance agrees on it:
//!
//! - a repeat load reads one number from the database, not the project,
//!   and is served from the snapshot kept for that revision
//!   (`canvas::snapshots`), compressed as the client takes it;
//! - a client holding the same answer gets `304 Not Modified`, from any
//!   instance of the same build (the ETag names the revision and the
//!   JSON's hash, so a new build's different JSON has another one).
//!
//! The revision is read before and after the project; an answer is kept
//! only when both agree, so it is exactly that revision's.

use std::sync::Arc;

use axum::body::Body;
use axum::http::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ETAG, IF_NONE_MATCH, VARY,
};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;

use crate::canvas::edges::CanvasEdge;
use crate::canvas::nodes;
use crate::canvas::snapshots::{Coding, Part, Snapshot};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;

/// Tries to read a project between two changes before answering without keeping it.
const READ_TRIES: usize = 3;

/// The answer to a load of `part` of the user's project `project`.
pub async fn answer(
    state: &AppState,
    user_id: i64,
    project: i64,
    part: Part,
    request: &HeaderMap,
) -> Result<Response, ApiError> {
    let revision =
        store::projects::revision(&state.db, user_id, project).await?.ok_or(ApiError::NotFound)?;
    let snapshot = match state.snapshots.get(project, part, revision) {
        Some(kept) => kept,
        None => read(state, user_id, project, part, revision).await?,
    };
    let mut response = if snapshot.etag.as_deref().is_some_and(|etag| matches(request, etag)) {
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let coding = coding(request);
        let mut response = Response::new(Body::from(snapshot.body(coding).await));
        let headers = response.headers_mut();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        match coding {
            Coding::Gzip => headers.insert(CONTENT_ENCODING, HeaderValue::from_static("gzip")),
            Coding::Brotli => headers.insert(CONTENT_ENCODING, HeaderValue::from_static("br")),
            Coding::Identity => None,
        };
        response
    };
    let headers = response.headers_mut();
    // Kept by the browser, but asked about each time.
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
    headers.insert(VARY, HeaderValue::from_static("accept-encoding, authorization"));
    if let Some(etag) = snapshot.etag.as_deref().and_then(|e| HeaderValue::from_str(e).ok()) {
        headers.insert(ETAG, etag);
    }
    Ok(response)
}

/// Reads the part between two changes and keeps it; after [`READ_TRIES`]
/// changes in the middle, answers the last read without keeping it.
async fn read(
    state: &AppState,
    user_id: i64,
    project: i64,
    part: Part,
    mut before: i64,
) -> Result<Arc<Snapshot>, ApiError> {
    for attempt in 1..=READ_TRIES {
        let json = match part {
            Part::Nodes => to_json(&nodes::of_project(state, user_id, project).await?)?,
            Part::Edges => {
                let rows =
                    store::edges::list_for_project(state.db.pool(), user_id, project).await?;
                to_json(&rows.iter().map(CanvasEdge::from_row).collect::<Vec<_>>())?
            }
        };
        let after = store::projects::revision(&state.db, user_id, project)
            .await?
            .ok_or(ApiError::NotFound)?;
        if after == before {
            let snapshot = Arc::new(Snapshot::new(after, json, true));
            state.snapshots.put(project, part, snapshot.clone());
            return Ok(snapshot);
        }
        if attempt == READ_TRIES {
            return Ok(Arc::new(Snapshot::new(after, json, false)));
        }
        before = after;
    }
    unreachable!("the last try answers")
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(value).map_err(ApiError::internal)
}

/// Whether `If-None-Match` names `etag` (weakly, as for a GET) or is `*`.
fn matches(request: &HeaderMap, etag: &str) -> bool {
    let bare = |tag: &str| tag.trim().trim_start_matches("W/").to_owned();
    let ours = bare(etag);
    request
        .get_all(IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|value| value.split(',').any(|tag| tag.trim() == "*" || bare(tag) == ours))
}

/// The best coding the client accepts: brotli, then gzip, else none.
fn coding(request: &HeaderMap) -> Coding {
    let accepts = |name: &str| {
        request.get_all(ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).any(|value| {
            value.split(',').any(|entry| {
                let mut parts = entry.split(';');
                let coding = parts.next().unwrap_or_default().trim();
                let quality = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                coding.eq_ignore_ascii_case(name) && quality > 0.0
            })
        })
    };
    if accepts("br") {
        Coding::Brotli
    } else if accepts("gzip") {
        Coding::Gzip
    } else {
        Coding::Identity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn the_best_accepted_coding_is_chosen() {
        assert_eq!(
            coding(&headers(&[("accept-encoding", "gzip, deflate, br, zstd")])),
            Coding::Brotli
        );
        assert_eq!(coding(&headers(&[("accept-encoding", "gzip;q=1.0, br;q=0")])), Coding::Gzip);
        assert_eq!(coding(&headers(&[("accept-encoding", "GZIP")])), Coding::Gzip);
        assert_eq!(coding(&headers(&[("accept-encoding", "identity")])), Coding::Identity);
        assert_eq!(coding(&headers(&[])), Coding::Identity);
    }

    #[test]
    fn if_none_match_compares_weakly_and_in_lists() {
        let etag = "W/\"r3-00ff\"";
        assert!(matches(&headers(&[("if-none-match", "W/\"r3-00ff\"")]), etag));
        assert!(matches(&headers(&[("if-none-match", "\"r3-00ff\"")]), etag));
        assert!(matches(&headers(&[("if-none-match", "\"x\", W/\"r3-00ff\"")]), etag));
        assert!(matches(&headers(&[("if-none-match", "*")]), etag));
        assert!(!matches(&headers(&[("if-none-match", "W/\"r4-00ff\"")]), etag));
        assert!(!matches(&headers(&[]), etag));
    }
}
