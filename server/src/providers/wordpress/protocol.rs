//! The REST API's types as far as Dastyar reads and writes them. Unknown
//! fields are ignored; names come as WordPress renders them (HTML) and are
//! read as plain text.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::html_text::plain_text;

/// How the site's REST API was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum ApiRoot {
    /// `{site}/wp-json/…` (pretty permalinks).
    WpJson,
    /// `{site}/?rest_route=/…` (plain permalinks).
    RestRoute,
}

fn plain<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Ok(plain_text(&String::deserialize(deserializer)?))
}

/// `GET /wp/v2/users/me?context=edit`: the user signed in.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Me {
    pub id: i64,
    #[serde(default, deserialize_with = "plain")]
    pub name: String,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub roles: Vec<String>,
    #[serde(default)]
    pub capabilities: std::collections::BTreeMap<String, bool>,
}

impl Me {
    pub fn can(&self, capability: &str) -> bool {
        self.capabilities.get(capability).copied().unwrap_or(false)
    }
}

/// A category, tag or user, as a picker lists it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Named {
    pub id: i64,
    #[serde(default, deserialize_with = "plain")]
    pub name: String,
}

/// A whole collection, read page by page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    pub items: Vec<Named>,
    /// `X-WP-Total`: how many the site has.
    pub total: u64,
    /// More pages than read (the cap was reached).
    pub truncated: bool,
}

/// `POST /wp/v2/posts`: what a new post is made of (empty lists and
/// missing values are left out, so WordPress applies its own defaults).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct NewPost {
    pub title: String,
    pub content: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub excerpt: String,
    pub status: String,
    pub format: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<i64>,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub slug: String,
    /// UTC, `YYYY-MM-DDTHH:MM:SS`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date_gmt: Option<String>,
}

/// The post WordPress made.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Post {
    pub id: i64,
    #[serde(default)]
    pub link: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    title: Value,
}

impl Post {
    pub fn title(&self) -> String {
        self.title.get("rendered").and_then(Value::as_str).map(plain_text).unwrap_or_default()
    }
}

/// WordPress's error: `{"code","message","data":{"status"}}`, or that in an
/// array as old handbook examples show it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub(super) struct ErrorBody {
    pub code: String,
    #[serde(default)]
    pub message: String,
}

impl ErrorBody {
    pub(super) fn read(body: &Value) -> Option<ErrorBody> {
        let one = match body {
            Value::Array(items) => items.first()?,
            other => other,
        };
        serde_json::from_value(one.clone()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn errors_are_read_bare_or_in_an_array() {
        let bare = json!({"code": "rest_no_route", "message": "No route", "data": {"status": 404}});
        assert_eq!(ErrorBody::read(&bare).unwrap().code, "rest_no_route");
        let wrapped = json!([{"code": "rest_forbidden", "message": "No"}]);
        assert_eq!(ErrorBody::read(&wrapped).unwrap().code, "rest_forbidden");
        assert_eq!(ErrorBody::read(&json!({"id": 1})), None);
    }

    #[test]
    fn names_are_plain_text_and_empty_fields_are_left_out() {
        let term: Named =
            serde_json::from_value(json!({"id": 3, "name": "اخبار &amp; رویداد"})).unwrap();
        assert_eq!(term.name, "اخبار & رویداد");
        let post = NewPost { title: "t".into(), status: "draft".into(), ..NewPost::default() };
        assert_eq!(
            serde_json::to_value(post).unwrap(),
            json!({"title": "t", "content": "", "status": "draft", "format": ""})
        );
    }
}
