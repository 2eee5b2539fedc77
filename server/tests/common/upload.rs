//! Multipart uploads into file nodes, as the canvas sends them.

use axum::http::{Method, header};

use super::{TestApp, TestResponse};

pub const BOUNDARY: &str = "----dastyar-test-boundary-7MA4YWxkTrZu0gW";

/// One part of a form: a name, an optional (file name, content type), the bytes.
pub type Part<'a> = (&'a str, Option<(&'a str, &'a str)>, &'a [u8]);

pub fn form(parts: &[Part]) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, file, bytes) in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        match file {
            Some((file_name, content_type)) => body.extend_from_slice(
                format!(
                    "Content-Disposition: form-data; name=\"{name}\"; filename=\"{file_name}\"\r\n\
                     Content-Type: {content_type}\r\n\r\n"
                )
                .as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
            ),
        }
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub async fn post_form(app: &TestApp, path: &str, token: &str, body: Vec<u8>) -> TestResponse {
    let request = axum::http::Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(axum::body::Body::from(body))
        .unwrap();
    app.send(request).await
}

pub async fn upload(
    app: &TestApp,
    token: &str,
    node: i64,
    name: &str,
    bytes: &[u8],
) -> TestResponse {
    upload_as(app, token, node, name, "text/plain", bytes).await
}

/// Uploads `bytes` as file `name` of type `content_type` into node `node`.
pub async fn upload_as(
    app: &TestApp,
    token: &str,
    node: i64,
    name: &str,
    content_type: &str,
    bytes: &[u8],
) -> TestResponse {
    let id = node.to_string();
    let body =
        form(&[("file", Some((name, content_type)), bytes), ("node_id", None, id.as_bytes())]);
    post_form(app, "/api/playground/filedb/upload", token, body).await
}
