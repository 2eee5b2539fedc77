//! `/v1/{API_KEY}/{scope}/{method}.json`: the path, the verb, the key and the
//! parameters (the query and, for a POST, its form), judged in that order;
//! then the method ([`super::methods`]). Every answer but an outage's is
//! recorded as a [`super::FakeCall`].

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Form, FromRequest, Query, State};
use axum::http::{Method, Request};
use axum::response::Response;

use super::envelope::{Outcome, bad_gateway, respond};
use super::{FakeCall, Shared, methods};

/// A request's parameters, in order; a name may repeat (`messageid`).
#[derive(Debug, Clone, Default)]
pub(super) struct Params(pub Vec<(String, String)>);

impl Params {
    /// The first value of `name`.
    pub(super) fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Every value of `name`.
    pub(super) fn all(&self, name: &str) -> Vec<&str> {
        self.0.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect()
    }

    /// `name`'s value: `Err(400)` when it is missing, `Err(406)` when empty.
    pub(super) fn required(&self, name: &str) -> Result<&str, u16> {
        match self.get(name) {
            None => Err(400),
            Some(value) if value.trim().is_empty() => Err(406),
            Some(value) => Ok(value),
        }
    }
}

pub(super) async fn handle(State(shared): State<Arc<Shared>>, request: Request<Body>) -> Response {
    let errors_with_http_200 = {
        let inner = shared.lock();
        if inner.down {
            return bad_gateway();
        }
        inner.errors_with_http_200
    };
    let http_method = request.method().clone();
    let path = request.uri().path().to_owned();
    let Some((api_key, method)) = split_path(&path) else {
        return respond(Err(404), errors_with_http_200);
    };
    let params = match read_params(request).await {
        Ok(params) => params,
        Err(status) => return respond(Err(status), errors_with_http_200),
    };
    let outcome = judge(&shared, &http_method, &api_key, &method, &params);
    let status = match &outcome {
        Ok(_) => 200,
        Err(status) => *status,
    };
    shared.lock().calls.push(FakeCall {
        http_method: http_method.to_string(),
        api_key,
        method,
        params: params.0,
        status,
    });
    respond(outcome, errors_with_http_200)
}

fn judge(
    shared: &Shared,
    http_method: &Method,
    api_key: &str,
    method: &str,
    params: &Params,
) -> Outcome {
    if http_method != Method::GET && http_method != Method::POST {
        return Err(405);
    }
    {
        let mut inner = shared.lock();
        let account = inner.accounts.get(api_key).ok_or(403_u16)?;
        if account.disabled {
            return Err(401);
        }
        if let Some(status) = inner.take_failure(method) {
            return Err(status);
        }
    }
    methods::call(shared, api_key, method, params)
}

/// `/v1/{key}/{scope}/{method}.json` into the key (percent-decoded) and
/// `scope/method`, lower-cased.
fn split_path(path: &str) -> Option<(String, String)> {
    let rest = path.strip_prefix("/v1/")?;
    let mut parts = rest.splitn(3, '/');
    let key = parts.next()?;
    let scope = parts.next()?;
    let method = parts.next()?.strip_suffix(".json")?;
    if key.is_empty() || scope.is_empty() || method.is_empty() || method.contains('/') {
        return None;
    }
    let key = percent_decode(key)?;
    Some((key, format!("{scope}/{method}").to_lowercase()))
}

/// `%XX` escapes decoded (a key with `/`, `+` or `=` arrives escaped).
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The query's parameters, then a POST's form; a body that is no form is 400.
async fn read_params(request: Request<Body>) -> Result<Params, u16> {
    let mut params: Vec<(String, String)> =
        Query::<Vec<(String, String)>>::try_from_uri(request.uri())
            .map(|q| q.0)
            .unwrap_or_default();
    if request.method() == Method::POST {
        let has_body = request
            .headers()
            .get(axum::http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_none_or(|length| length != "0");
        if has_body {
            let Form(form) = Form::<Vec<(String, String)>>::from_request(request, &())
                .await
                .map_err(|_| 400_u16)?;
            params.extend(form);
        }
    }
    Ok(Params(params))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_split_into_key_and_method() {
        assert_eq!(
            split_path("/v1/ABC123/sms/send.json"),
            Some(("ABC123".to_owned(), "sms/send".to_owned()))
        );
        assert_eq!(
            split_path("/v1/a%2Fb%2B%3D/Verify/LookUp.json"),
            Some(("a/b+=".to_owned(), "verify/lookup".to_owned()))
        );
        assert_eq!(split_path("/v1/ABC/sms/send"), None);
        assert_eq!(split_path("/v2/ABC/sms/send.json"), None);
        assert_eq!(split_path("/v1/ABC/send.json"), None);
        assert_eq!(split_path("/v1/ABC/sms/a/b.json"), None);
        assert_eq!(split_path("/v1/%G1/sms/send.json"), None);
    }
}
