//! A WordPress site's REST API through the guarded outbound client (a site
//! address is typed by people, so it never reaches internal networks unless
//! allowed): `{site}/wp-json/{route}`, and `{site}/?rest_route={route}` when
//! that answers with a page instead of WordPress's JSON (plain permalinks);
//! the way that worked is kept for the client's later calls. Credentials go
//! in `Authorization`: Basic for an application password (its spaces
//! dropped) or the Basic Auth plugin, Bearer for the JWT plugin's token.
//!
//! Redirects are followed here, not by the HTTP client (which turns a POST
//! into a GET and, across schemes or ports, drops `Authorization`): a site
//! that redirects to itself elsewhere (`http` to `https`, or its `www.`
//! name) is asked again there with the same method, body and credentials,
//! and later calls go there directly. Credentials never follow a redirect
//! to another site.

use std::sync::OnceLock;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use dastyar_core::data::wordpress::{WordpressAuthData, WordpressAuthType};
use futures_util::StreamExt;
use reqwest::Method;
use serde::de::DeserializeOwned;
use serde_json::Value;
use url::Url;

use super::error::{Refusal, WordpressError};
use super::html_text::plain_text;
use super::protocol::{ApiRoot, ErrorBody, Listing, Me, Named, NewPost, Post};
use crate::runtime::outbound::{OutboundClient, refusal_in};

/// The most of one answer read: a page of 100 terms is far less.
const ANSWER_LIMIT: usize = 2 * 1024 * 1024;
/// Items asked for per page: WordPress's maximum.
const PER_PAGE: u32 = 100;
/// Pages read of one collection at most (so 1,000 items): a picker needs
/// no more, and a site with more must not keep a request waiting.
pub const MAX_PAGES: u32 = 10;
/// Redirects followed on the site's own host.
const MAX_REDIRECTS: usize = 3;

/// One site, signed in as its node says.
#[derive(Debug)]
pub struct WordpressClient<'a> {
    http: &'a OutboundClient,
    site: String,
    authorization: String,
    root: OnceLock<ApiRoot>,
    /// The site's address after it redirected to itself at another origin.
    moved: OnceLock<String>,
}

/// What came back from one address.
struct Answer {
    status: u16,
    total: Option<u64>,
    total_pages: Option<u32>,
    /// The body as JSON, when it is JSON.
    json: Option<Value>,
    /// The body as text, when it is not.
    page: String,
}

impl<'a> WordpressClient<'a> {
    /// `site_url` is the node's, normalised by core (no trailing slash).
    pub fn new(
        http: &'a OutboundClient,
        site_url: &str,
        auth_type: WordpressAuthType,
        auth: &WordpressAuthData,
    ) -> WordpressClient<'a> {
        let basic = |user: &str, password: &str| {
            format!("Basic {}", BASE64.encode(format!("{}:{password}", user.trim())))
        };
        let authorization = match auth_type {
            // WordPress shows it in groups of four; it compares letters and digits only.
            WordpressAuthType::ApplicationPassword => basic(
                &auth.username,
                &auth.application_password.split_whitespace().collect::<String>(),
            ),
            WordpressAuthType::Basic => basic(&auth.username, &auth.password),
            WordpressAuthType::Jwt => format!("Bearer {}", auth.jwt_token.trim()),
        };
        WordpressClient {
            http,
            site: site_url.trim().trim_end_matches('/').to_owned(),
            authorization,
            root: OnceLock::new(),
            moved: OnceLock::new(),
        }
    }

    /// How the API was reached, once a call reached it.
    pub fn api_root(&self) -> Option<ApiRoot> {
        self.root.get().copied()
    }

    /// The user the credentials sign in (`GET /wp/v2/users/me?context=edit`).
    /// Any user may read themself, so a refusal that is not about the
    /// credentials is a plugin closing the API.
    pub async fn me(&self) -> Result<Me, WordpressError> {
        let query = [("context", "edit".to_owned())];
        match self.call(Method::GET, "/wp/v2/users/me", &query, None).await {
            Ok(answer) => read(answer),
            Err(WordpressError::Forbidden(refusal)) => {
                Err(WordpressError::RestDisabled(Some(refusal)))
            }
            Err(WordpressError::Refused(refusal)) if refusal.status == 401 => {
                Err(WordpressError::NotLoggedIn(refusal))
            }
            Err(WordpressError::Refused(refusal)) if refusal.status == 403 => {
                Err(WordpressError::RestDisabled(Some(refusal)))
            }
            Err(error) => Err(error),
        }
    }

    pub async fn categories(&self) -> Result<Listing, WordpressError> {
        self.all("/wp/v2/categories", &[]).await
    }

    pub async fn tags(&self) -> Result<Listing, WordpressError> {
        self.all("/wp/v2/tags", &[]).await
    }

    /// Users who may write posts (`who=authors`).
    pub async fn authors(&self) -> Result<Listing, WordpressError> {
        self.all("/wp/v2/users", &[("who", "authors".to_owned())]).await
    }

    pub async fn create_post(&self, post: &NewPost) -> Result<Post, WordpressError> {
        let body =
            serde_json::to_value(post).map_err(|e| WordpressError::Malformed(e.to_string()))?;
        read(self.call(Method::POST, "/wp/v2/posts", &[], Some(&body)).await?)
    }

    /// Every page of a collection, up to [`MAX_PAGES`], as `{id, name}`.
    async fn all(&self, route: &str, filter: &[(&str, String)]) -> Result<Listing, WordpressError> {
        let mut items = Vec::new();
        let mut page = 1;
        loop {
            let mut query = vec![
                ("per_page", PER_PAGE.to_string()),
                ("page", page.to_string()),
                ("_fields", "id,name".to_owned()),
            ];
            query.extend(filter.iter().cloned());
            let answer = self.call(Method::GET, route, &query, None).await?;
            let (total, pages) = (answer.total, answer.total_pages.unwrap_or(1));
            let read: Vec<Named> = read(answer)?;
            let empty = read.is_empty();
            items.extend(read);
            if empty || page >= pages {
                let total = total.unwrap_or(items.len() as u64);
                return Ok(Listing { items, total, truncated: false });
            }
            if page >= MAX_PAGES {
                let total = total.unwrap_or(items.len() as u64);
                return Ok(Listing { items, total, truncated: true });
            }
            page += 1;
        }
    }

    /// One REST call: through the way that worked before, else `/wp-json/`
    /// then `?rest_route=`. A WordPress error answer is an `Err`.
    async fn call(
        &self,
        method: Method,
        route: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
    ) -> Result<Answer, WordpressError> {
        let roots = match self.root.get() {
            Some(root) => vec![*root],
            None => vec![ApiRoot::WpJson, ApiRoot::RestRoute],
        };
        let mut pages = Vec::new();
        for root in roots {
            let url = self.url(root, route, query)?;
            let answer = self.send(method.clone(), url, body).await?;
            let Some(json) = answer.json.as_ref().filter(|_| is_wordpress(&answer)) else {
                pages.push(answer);
                continue;
            };
            let _ = self.root.set(root);
            if (200..300).contains(&answer.status) {
                return Ok(answer);
            }
            let error = ErrorBody::read(json)
                .unwrap_or_else(|| ErrorBody { code: String::new(), message: String::new() });
            return Err(WordpressError::of(Refusal {
                status: answer.status,
                code: error.code,
                message: plain_text(&error.message),
            }));
        }
        Err(no_api(&pages))
    }

    fn url(
        &self,
        root: ApiRoot,
        route: &str,
        query: &[(&str, String)],
    ) -> Result<Url, WordpressError> {
        let site = self.moved.get().unwrap_or(&self.site);
        let base = match root {
            ApiRoot::WpJson => format!("{site}/wp-json{route}"),
            ApiRoot::RestRoute => format!("{site}/"),
        };
        let mut url = Url::parse(&base).map_err(|_| WordpressError::NotWordpress)?;
        {
            let mut pairs = url.query_pairs_mut();
            if root == ApiRoot::RestRoute {
                pairs.append_pair("rest_route", route);
            }
            for (name, value) in query {
                pairs.append_pair(name, value);
            }
        }
        Ok(url)
    }

    /// One call, following the site's redirects to itself (see the module's note).
    async fn send(
        &self,
        method: Method,
        mut url: Url,
        body: Option<&Value>,
    ) -> Result<Answer, WordpressError> {
        for _ in 0..=MAX_REDIRECTS {
            let response = self.send_once(method.clone(), &url, body).await?;
            let Some(next) = redirect_of(&response, &url) else {
                return read_answer(response).await;
            };
            if !same_site(&url, &next) {
                return Err(WordpressError::Moved(next.origin().ascii_serialization()));
            }
            if next.origin() != url.origin()
                && let Some(site) = rebased(&self.site, &next)
            {
                let _ = self.moved.set(site);
            }
            url = next;
        }
        Err(WordpressError::Unreachable(format!("more than {MAX_REDIRECTS} redirects")))
    }

    async fn send_once(
        &self,
        method: Method,
        url: &Url,
        body: Option<&Value>,
    ) -> Result<reqwest::Response, WordpressError> {
        let mut request = self
            .http
            .request_unfollowed(method, url)
            .map_err(|refused| WordpressError::PrivateAddress(refused.host))?
            .header(reqwest::header::AUTHORIZATION, &self.authorization)
            .header(reqwest::header::ACCEPT, "application/json");
        if let Some(body) = body {
            request = request.json(body);
        }
        request.send().await.map_err(failure)
    }
}

/// A response's status, paging headers and body (JSON when it is JSON), read up to [`ANSWER_LIMIT`].
async fn read_answer(response: reqwest::Response) -> Result<Answer, WordpressError> {
    let status = response.status().as_u16();
    let header = |name: &str| {
        response.headers().get(name).and_then(|v| v.to_str().ok()).map(|v| v.trim().to_owned())
    };
    let total = header("x-wp-total").and_then(|v| v.parse().ok());
    let total_pages = header("x-wp-totalpages").and_then(|v| v.parse().ok());
    let is_json = header("content-type").is_some_and(|t| t.contains("json"));
    let mut bytes = Vec::new();
    let mut stream = response.bytes_stream();
    while let Some(piece) = stream.next().await {
        let piece = piece.map_err(failure)?;
        if bytes.len() + piece.len() > ANSWER_LIMIT {
            return Err(WordpressError::Malformed(format!(
                "an answer over {} KB",
                ANSWER_LIMIT / 1024
            )));
        }
        bytes.extend_from_slice(&piece);
    }
    // Some hosts send WordPress's JSON as text/html; the body decides.
    let json = serde_json::from_slice::<Value>(&bytes)
        .ok()
        .filter(|v| is_json || v.is_object() || v.is_array());
    let page =
        if json.is_some() { String::new() } else { String::from_utf8_lossy(&bytes).into_owned() };
    Ok(Answer { status, total, total_pages, json, page })
}

/// Where a redirect answer sends a call to `url`.
fn redirect_of(response: &reqwest::Response, url: &Url) -> Option<Url> {
    if !matches!(response.status().as_u16(), 301 | 302 | 303 | 307 | 308) {
        return None;
    }
    let location = response.headers().get(reqwest::header::LOCATION)?.to_str().ok()?;
    url.join(location).ok()
}

/// Whether a redirect stays on the site: the same host, give or take `www.`.
fn same_site(from: &Url, to: &Url) -> bool {
    let bare = |url: &Url| {
        let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
        host.strip_prefix("www.").map(str::to_owned).unwrap_or(host)
    };
    bare(from) == bare(to)
}

/// The site's address (which may have a path) at the origin a redirect landed on.
fn rebased(site: &str, landed: &Url) -> Option<String> {
    let mut url = Url::parse(site).ok()?;
    url.set_scheme(landed.scheme()).ok()?;
    url.set_host(landed.host_str()).ok()?;
    url.set_port(landed.port()).ok()?;
    Some(url.as_str().trim_end_matches('/').to_owned())
}

/// A success's body as `T`.
fn read<T: DeserializeOwned>(answer: Answer) -> Result<T, WordpressError> {
    let json = answer.json.unwrap_or(Value::Null);
    serde_json::from_value(json).map_err(|e| WordpressError::Malformed(e.to_string()))
}

/// Whether an answer is WordPress's API speaking: a success in JSON, or an
/// error in its shape.
fn is_wordpress(answer: &Answer) -> bool {
    match &answer.json {
        Some(json) if (200..300).contains(&answer.status) => json.is_object() || json.is_array(),
        Some(json) => ErrorBody::read(json).is_some(),
        None => false,
    }
}

/// Why neither address reached the API: a proxy's 5xx page is the site
/// being away; WordPress's own pages mean its API is closed; anything else
/// is another kind of site.
fn no_api(pages: &[Answer]) -> WordpressError {
    if let Some(down) = pages.iter().find(|p| p.status >= 500) {
        return WordpressError::Unreachable(format!(
            "HTTP {} without WordPress's JSON",
            down.status
        ));
    }
    let wordpress = pages.iter().any(|p| {
        ["/wp-content/", "/wp-includes/", "https://api.w.org/", "content=\"WordPress"]
            .iter()
            .any(|mark| p.page.contains(mark))
    });
    if wordpress { WordpressError::RestDisabled(None) } else { WordpressError::NotWordpress }
}

fn failure(error: reqwest::Error) -> WordpressError {
    if let Some(refused) = refusal_in(&error) {
        return WordpressError::PrivateAddress(refused.host);
    }
    if error.is_timeout() {
        return WordpressError::Timeout;
    }
    WordpressError::Unreachable(error.without_url().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(status: u16, text: &str) -> Answer {
        Answer { status, total: None, total_pages: None, json: None, page: text.into() }
    }

    #[test]
    fn pages_without_the_api_say_why() {
        let theme = "<link rel='stylesheet' href='https://b.ir/wp-content/themes/x/style.css' />";
        assert_eq!(
            no_api(&[page(404, theme), page(200, "<html>")]),
            WordpressError::RestDisabled(None)
        );
        assert_eq!(
            no_api(&[page(404, "<center>nginx</center>"), page(200, "<html>shop</html>")]),
            WordpressError::NotWordpress
        );
        assert!(matches!(no_api(&[page(502, "Bad Gateway")]), WordpressError::Unreachable(_)));
    }

    #[test]
    fn credentials_go_in_the_authorization_header() {
        let http = OutboundClient::new(false);
        let auth = WordpressAuthData {
            username: " admin ".into(),
            application_password: "abcd EFGH 1234".into(),
            password: "real pass".into(),
            jwt_token: " eyJ.x.y ".into(),
        };
        let header = |t| WordpressClient::new(&http, "https://b.ir/", t, &auth).authorization;
        assert_eq!(
            header(WordpressAuthType::ApplicationPassword),
            format!("Basic {}", BASE64.encode("admin:abcdEFGH1234"))
        );
        assert_eq!(
            header(WordpressAuthType::Basic),
            format!("Basic {}", BASE64.encode("admin:real pass"))
        );
        assert_eq!(header(WordpressAuthType::Jwt), "Bearer eyJ.x.y");
    }

    #[test]
    fn both_addresses_carry_the_route_and_query() {
        let http = OutboundClient::new(false);
        let client = WordpressClient::new(
            &http,
            "https://b.ir/blog",
            WordpressAuthType::Jwt,
            &WordpressAuthData::default(),
        );
        let query = [("per_page", "100".to_owned())];
        assert_eq!(
            client.url(ApiRoot::WpJson, "/wp/v2/tags", &query).unwrap().as_str(),
            "https://b.ir/blog/wp-json/wp/v2/tags?per_page=100"
        );
        assert_eq!(
            client.url(ApiRoot::RestRoute, "/wp/v2/tags", &query).unwrap().as_str(),
            "https://b.ir/blog/?rest_route=%2Fwp%2Fv2%2Ftags&per_page=100"
        );
    }
}
