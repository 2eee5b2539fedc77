//! `/bot{TOKEN}/{method}`: the path, the parameters and the token, judged
//! in the Bot API server's order (`HttpConnection` then `ClientManager`):
//! a path that is not a bot's is 404 "Not Found"; a body it cannot read is
//! a 400; a malformed token is 401 "Unauthorized: invalid token specified"
//! (421 "Misdirected Request: unallowed token specified" when the part
//! before `:` is not a number); then the bot's own client takes the call
//! ([`super::methods::call`]). During an outage nothing gets that far.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::Request;
use axum::response::Response;

use super::envelope::{Refusal, bad_gateway, respond};
use super::params::Params;
use super::{Shared, methods};

pub(super) async fn handle(State(shared): State<Arc<Shared>>, request: Request<Body>) -> Response {
    if shared.lock().down {
        return bad_gateway();
    }
    let path = request.uri().path().to_owned();
    let Some((token, method)) = split_path(&path) else {
        return respond(Err(Refusal::new(404, "Not Found")));
    };
    let params = match Params::read(request).await {
        Ok(params) => params,
        Err(refusal) => return respond(Err(refusal)),
    };
    if let Err(refusal) = check_token(token) {
        return respond(Err(refusal));
    }
    // Without a method in the path, the server takes the `method` parameter.
    let method = if method.is_empty() { params.arg("method") } else { method }.to_lowercase();
    respond(methods::call(&shared, token, &method, &params).await)
}

/// `/bot{token}/{method}` into its token and method (which may be empty).
fn split_path(path: &str) -> Option<(&str, &str)> {
    path.strip_prefix("/bot")?.split_once('/')
}

/// The server's checks of a token's shape, before it looks the bot up.
fn check_token(token: &str) -> Result<(), Refusal> {
    let invalid = || Refusal::new(401, "Unauthorized: invalid token specified");
    if token.is_empty() || token.starts_with('0') || token.len() > 80 || token.contains('/') {
        return Err(invalid());
    }
    let Some((id, _)) = token.split_once(':') else {
        return Err(invalid());
    };
    // tdlib's `to_integer_safe`: the whole part, written as the number prints.
    let Some(id) = id.parse::<i64>().ok().filter(|n| n.to_string() == id) else {
        return Err(Refusal::new(421, "Misdirected Request: unallowed token specified"));
    };
    if id <= 0 || id >= 1 << 54 {
        return Err(invalid());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_split_into_token_and_method() {
        assert_eq!(split_path("/bot123:abc/getMe"), Some(("123:abc", "getMe")));
        assert_eq!(split_path("/bot123:abc/"), Some(("123:abc", "")));
        assert_eq!(split_path("/bot123:abc"), None);
        assert_eq!(split_path("/getMe"), None);
    }

    #[test]
    fn token_shapes_are_judged_as_the_server_judges_them() {
        let code = |token: &str| check_token(token).err().map(|r| r.error_code);
        assert_eq!(code("123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11"), None);
        assert_eq!(code("123456"), Some(401));
        assert_eq!(code("0123:abc"), Some(401));
        assert_eq!(code(&format!("1:{}", "a".repeat(80))), Some(401));
        assert_eq!(code("abc:def"), Some(421));
        assert_eq!(code(":def"), Some(421));
        assert_eq!(code("-5:def"), Some(401));
        assert_eq!(code(&format!("{}:x", 1_i64 << 54)), Some(401));
    }
}
