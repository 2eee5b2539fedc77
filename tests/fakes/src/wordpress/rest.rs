//! One REST request, as `WP_REST_Server::serve_request` handles it once the
//! route is known: a scripted refusal, then authentication errors (a plugin
//! disabling the API among them), then the JWT plugin's, then the route's
//! handler; `_fields` trims what a route answers.

use serde_json::{Map, Value, json};

use super::error::WpError;
use super::params::Params;
use super::site::Taxonomy;
use super::{Inner, JwtPlugin, Via, auth, jwt, posts, terms, users};

/// What a route answers.
#[derive(Debug)]
pub(super) struct Reply {
    pub status: u16,
    pub body: Value,
    pub headers: Vec<(String, String)>,
}

impl Reply {
    pub(super) fn ok(body: Value) -> Reply {
        Reply { status: 200, body, headers: Vec::new() }
    }

    pub(super) fn created(body: Value, location: String) -> Reply {
        Reply { status: 201, body, headers: vec![("Location".into(), location)] }
    }

    pub(super) fn list(body: Value, headers: Vec<(String, String)>) -> Reply {
        Reply { status: 200, body, headers }
    }

    fn error(error: &WpError) -> Reply {
        Reply { status: error.status, body: error.body(), headers: Vec::new() }
    }
}

/// A request as the handlers read it.
pub(super) struct Call<'a> {
    pub site_url: &'a str,
    pub pretty: bool,
    pub user: Option<i64>,
    pub params: &'a Params,
    pub via: Via,
    pub route: &'a str,
    pub query: &'a [(String, String)],
}

impl Call<'_> {
    /// A route's address, the way this request reached the API.
    pub(super) fn api_url(&self, route: &str) -> String {
        if self.pretty {
            format!("{}/wp-json{route}", self.site_url)
        } else {
            format!("{}/?rest_route={route}", self.site_url)
        }
    }

    /// This request's address with `page=n`, for the `Link` header.
    pub(super) fn page_link(&self, n: usize) -> String {
        let mut pairs: Vec<(String, String)> =
            self.query.iter().filter(|(k, _)| k != "page").cloned().collect();
        pairs.push(("page".into(), n.to_string()));
        let query: String =
            form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
        match self.via {
            Via::WpJson => format!("{}/wp-json{}?{query}", self.site_url, self.route),
            Via::RestRoute => format!("{}/?rest_route={}&{query}", self.site_url, self.route),
        }
    }
}

/// `context`: `view` (the default), `embed` or `edit`.
pub(super) fn context(params: &Params) -> Result<String, WpError> {
    params
        .one_of("context", &["view", "embed", "edit"])
        .map(|c| c.unwrap_or_else(|| "view".into()))
        .map_err(|p| WpError::invalid_params(&[p]))
}

/// A request that reached the API.
pub(super) struct RestRequest {
    pub method: String,
    pub route: String,
    pub via: Via,
    pub query: Vec<(String, String)>,
    pub authorization: Option<String>,
    pub content_type: String,
    pub body: Vec<u8>,
}

/// Serves `request`; the reply and the user it was made as.
pub(super) fn serve(
    inner: &mut Inner,
    site_url: &str,
    request: &RestRequest,
) -> (Reply, Option<i64>) {
    if let Some(error) = inner.take_failure(&request.route) {
        return (Reply::error(&error), None);
    }
    let settings = inner.settings.clone();
    let caller = auth::identify(
        &inner.site,
        &settings,
        site_url,
        request.authorization.as_deref(),
        request.via,
        &request.route,
    );
    let user = caller.user;
    if settings.rest_disabled {
        let error = WpError::authorization(
            user.is_some(),
            "rest_disabled",
            "The REST API is disabled on this site.",
        );
        return (Reply::error(&error), user);
    }
    if let Some(error) = caller.error.or(caller.jwt_error) {
        return (Reply::error(&error), user);
    }
    let body = match read_body(&request.content_type, &request.body) {
        Ok(body) => body,
        Err(error) => return (Reply::error(&error), user),
    };
    let params = Params::new(&request.query, body);
    let call = Call {
        site_url,
        pretty: settings.pretty_permalinks,
        user,
        params: &params,
        via: request.via,
        route: &request.route,
        query: &request.query,
    };
    let jwt_routes = settings.jwt_plugin != JwtPlugin::Off;
    let site = &mut inner.site;
    let outcome = match (request.method.as_str(), request.route.as_str()) {
        ("GET", "/") => Ok(Reply::ok(index(site_url, jwt_routes))),
        ("GET", "/wp/v2/users/me") => users::me(site, &call),
        ("GET", "/wp/v2/users") => users::list(site, &call),
        ("GET", "/wp/v2/categories") => terms::list(site, Taxonomy::Category, &call),
        ("GET", "/wp/v2/tags") => terms::list(site, Taxonomy::Tag, &call),
        ("GET", "/wp/v2/posts") => posts::list(site, &call),
        ("POST", "/wp/v2/posts") => posts::create(site, &call),
        ("GET", route) if route.starts_with("/wp/v2/posts/") => {
            posts::get(site, &route["/wp/v2/posts/".len()..], &call)
        }
        ("POST", "/jwt-auth/v1/token") if jwt_routes => {
            jwt::token(site, site_url, settings.jwt_plugin, &params).map(Reply::ok)
        }
        ("POST", "/jwt-auth/v1/token/validate") if jwt_routes => {
            jwt::validate_endpoint(site_url, settings.jwt_plugin, request.authorization.as_deref())
                .map(Reply::ok)
        }
        _ => Err(WpError::no_route()),
    };
    let reply = match outcome {
        Ok(mut reply) => {
            if let Some(fields) = params.get("_fields").and_then(Value::as_str) {
                reply.body = only_fields(reply.body, fields);
            }
            reply
        }
        Err(error) => Reply::error(&error),
    };
    (reply, user)
}

/// A JSON body (`rest_invalid_json` when it is not JSON) or a form's fields.
fn read_body(content_type: &str, body: &[u8]) -> Result<Option<Map<String, Value>>, WpError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    if content_type.starts_with("application/json") {
        return match serde_json::from_slice::<Value>(body) {
            Ok(Value::Object(object)) => Ok(Some(object)),
            Ok(_) => Ok(None),
            Err(error) => {
                let mut refused =
                    WpError::new(400, "rest_invalid_json", "Invalid JSON body passed.");
                refused.data.insert("json_error_code".into(), json!(4));
                refused.data.insert("json_error_message".into(), json!(error.to_string()));
                Err(refused)
            }
        };
    }
    if content_type.starts_with("application/x-www-form-urlencoded") {
        let fields = form_urlencoded::parse(body)
            .map(|(k, v)| (k.into_owned(), Value::String(v.into_owned())))
            .collect();
        return Ok(Some(fields));
    }
    Ok(None)
}

/// `_fields=id,name`: only those keys of an object, or of each in a list.
fn only_fields(body: Value, fields: &str) -> Value {
    let wanted: Vec<&str> =
        fields.split(',').map(|f| f.trim().split('.').next().unwrap_or("")).collect();
    let keep = |value: Value| match value {
        Value::Object(object) => Value::Object(
            object.into_iter().filter(|(k, _)| wanted.contains(&k.as_str())).collect(),
        ),
        other => other,
    };
    match body {
        Value::Array(items) => Value::Array(items.into_iter().map(keep).collect()),
        other => keep(other),
    }
}

/// The index at `/`: the site, its namespaces and how to sign in.
fn index(site_url: &str, jwt: bool) -> Value {
    let mut namespaces = vec!["oembed/1.0", "wp/v2", "wp-site-health/v1", "wp-block-editor/v1"];
    if jwt {
        namespaces.push("jwt-auth/v1");
    }
    json!({
        "name": "وبلاگ آزمایشی",
        "description": "یک سایت وردپرس دیگر",
        "url": site_url,
        "home": site_url,
        "gmt_offset": "0",
        "timezone_string": "UTC",
        "namespaces": namespaces,
        "authentication": {
            "application-passwords": {
                "endpoints": {"authorization": format!("{site_url}/wp-admin/authorize-application.php")}
            }
        },
        "routes": {},
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_only_what_is_asked() {
        let list = json!([{"id": 1, "name": "a", "slug": "a"}, {"id": 2, "name": "b"}]);
        assert_eq!(
            only_fields(list, "id,name"),
            json!([{"id": 1, "name": "a"}, {"id": 2, "name": "b"}])
        );
        assert_eq!(
            only_fields(json!({"id": 1, "title": {"rendered": "x"}}), "title.rendered"),
            json!({"title": {"rendered": "x"}})
        );
    }

    #[test]
    fn bodies_are_json_or_forms() {
        assert_eq!(read_body("application/json", b"{\"a\":1}").unwrap().unwrap()["a"], 1);
        assert_eq!(
            read_body("application/x-www-form-urlencoded", b"a=1").unwrap().unwrap()["a"],
            "1"
        );
        assert_eq!(read_body("application/json", b"{").unwrap_err().code, "rest_invalid_json");
        assert_eq!(read_body("application/json", b"  ").unwrap(), None);
    }
}
