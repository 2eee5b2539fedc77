//! Security headers on every answer, the web app's and the API's.
//!
//! The policy lets the built web app work (its own scripts and WebAssembly,
//! React Flow's inline style attributes, `data:` thumbnails and fonts) and
//! nothing else: no framing, no outside scripts, no plugins. A route whose
//! pages must be framed on other sites (the chat widget) sends its own
//! `Content-Security-Policy` with its `frame-ancestors`; then neither this
//! policy nor `X-Frame-Options` is added.

use axum::extract::State;
use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, HeaderName, HeaderValue};
use axum::response::Response;

const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
    frame-ancestors 'none'";
/// A year, the usual minimum for HSTS preload lists.
const HSTS: &str = "max-age=31536000; includeSubDomains";

/// Whether people reach the server over https (its public URL says so):
/// only then is `Strict-Transport-Security` sent.
#[derive(Debug, Clone, Copy)]
pub struct OverHttps(pub bool);

/// Adds the headers a response does not set itself.
pub async fn add(State(OverHttps(https)): State<OverHttps>, mut response: Response) -> Response {
    let headers = response.headers_mut();
    if !headers.contains_key(CONTENT_SECURITY_POLICY) {
        set(headers, CONTENT_SECURITY_POLICY, POLICY);
        set(headers, X_FRAME_OPTIONS, "DENY");
    }
    set(headers, X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, REFERRER_POLICY, "strict-origin-when-cross-origin");
    if https {
        set(headers, STRICT_TRANSPORT_SECURITY, HSTS);
    }
    response
}

fn set(headers: &mut HeaderMap, name: HeaderName, value: &'static str) {
    headers.entry(name).or_insert(HeaderValue::from_static(value));
}
